import { createHash } from 'node:crypto'
import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { repoRoot } from '../../../scripts/paths.js'
import { cacheDir, withLock } from './cache-dir.js'

/** What the tarball is built from: a change to any of these repacks it. */
const packedSources = [
  'src',
  'gen',
  'package.json',
  'tsconfig.json',
  'tsconfig.build.json',
  'README.md',
  'CHANGELOG.md',
  'LICENSE',
  'docs',
]

function sourcesHash(): string {
  const hash = createHash('sha256')
  const add = (path: string) => {
    if (statSync(path).isDirectory()) for (const entry of readdirSync(path).sort()) add(join(path, entry))
    else hash.update(path).update(readFileSync(path))
  }
  for (const source of packedSources) add(join(repoRoot, source))
  return hash.digest('hex')
}

/**
 * `npm pack` of the repository, as a consumer gets it: dist/ built by `npm run prepare` first (as npm does on
 * pack), packed once for all the package test files and reused while the sources are unchanged.
 */
export function packedTarball(): string {
  return withLock('tarball', () => {
    const keyFile = join(cacheDir, 'tarball.key')
    const key = sourcesHash()
    const name = readFileSync(keyFile, { encoding: 'utf8', flag: 'a+' }).split('\n')
    if (name[0] === key && name[1] && existsSync(name[1])) return name[1]
    execFileSync('npm', ['run', '-s', 'prepare'], { cwd: repoRoot, stdio: 'pipe' })
    const [report] = JSON.parse(
      execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', cacheDir], {
        cwd: repoRoot,
        encoding: 'utf8',
      }),
    ) as [{ filename: string }]
    const tarball = join(cacheDir, report.filename)
    writeFileSync(keyFile, `${key}\n${tarball}\n`)
    return tarball
  })
}
