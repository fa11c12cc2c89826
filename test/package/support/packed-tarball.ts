import { createHash } from 'node:crypto'
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { repoRoot } from '../../../scripts/pipeline/paths.js'
import { cacheDir, withLock } from './cache-dir.js'

/** What the tarball is built from: a change to any of these repacks it. */
const packedSources = [
  'src',
  'gen',
  'package.json',
  'tsconfig.json',
  'tsconfig.build.json',
  'scripts/commands/prune-declarations.ts',
  'scripts/commands/strip-js-comments.ts',
  'scripts/commands/bundle-peer-rooms.ts',
  'scripts/pipeline/dist-modules.ts',
  'scripts/pipeline/full-build.ts',
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
  // One slot per checkout: worktrees of one machine share cacheDir, and each would otherwise repack over the other's tarball.
  const checkout = `tarball-${createHash('sha256').update(repoRoot).digest('hex').slice(0, 12)}`
  const packDir = join(cacheDir, checkout)
  return withLock(checkout, () => {
    mkdirSync(packDir, { recursive: true })
    const keyFile = join(packDir, 'tarball.key')
    const key = sourcesHash()
    const name = readFileSync(keyFile, { encoding: 'utf8', flag: 'a+' }).split('\n')
    if (name[0] === key && name[1] && existsSync(name[1])) return name[1]
    execFileSync('npm', ['run', '-s', 'prepare'], { cwd: repoRoot, stdio: 'pipe' })
    const [report] = JSON.parse(
      execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', packDir], {
        cwd: repoRoot,
        encoding: 'utf8',
      }),
    ) as [{ filename: string }]
    const tarball = join(packDir, report.filename)
    writeFileSync(keyFile, `${key}\n${tarball}\n`)
    return tarball
  })
}
