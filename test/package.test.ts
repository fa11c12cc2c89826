import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { repoRoot } from '../scripts/paths.js'

type ExportTarget = string | { types: string; default: string }
const packageJson = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
  name: string
  exports: Record<string, ExportTarget>
  scripts: Record<string, string>
}

/** What `npm pack` would put in the tarball, after `npm run prepare` built dist/ as it does on install and pack. */
let packed: Set<string>

beforeAll(() => {
  execFileSync('npm', ['run', '-s', 'prepare'], { cwd: repoRoot, stdio: 'pipe' })
  const [report] = JSON.parse(
    execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: repoRoot, encoding: 'utf8' }),
  ) as [{ files: { path: string }[] }]
  packed = new Set(report.files.map((file) => file.path))
}, 120_000)

const strip = (path: string) => path.replace(/^\.\//, '')

describe('the published package', () => {
  it('builds dist/ on install and pack (prepare)', () => {
    expect(packageJson.scripts.prepare).toBe('tsc -p tsconfig.build.json')
  })

  it('ships every file its exports point to', () => {
    for (const [subpath, target] of Object.entries(packageJson.exports)) {
      const files = typeof target === 'string' ? [target] : [target.types, target.default]
      for (const file of files) {
        if (file.includes('*')) {
          const prefix = strip(file.slice(0, file.indexOf('*')))
          expect(
            [...packed].some((path) => path.startsWith(prefix)),
            `${subpath} → ${file}`,
          ).toBe(true)
        } else {
          expect(packed.has(strip(file)), `${subpath} → ${file}`).toBe(true)
        }
      }
    }
  })

  it('ships LICENSE, README.md and CHANGELOG.md, no source maps without their sources, no inner READMEs', () => {
    for (const file of ['LICENSE', 'README.md', 'CHANGELOG.md']) expect(packed.has(file), file).toBe(true)
    expect([...packed].filter((path) => path.endsWith('.map'))).toEqual([])
    expect([...packed].filter((path) => path.includes('/') && /README/i.test(path))).toEqual([])
  })

  it('ships no tests, benchmarks, scripts or CI files', () => {
    expect([...packed].filter((path) => /^(test|bench|scripts|\.ci)\//.test(path))).toEqual([])
  })

  it.each([
    ['', 'createClients'],
    ['/marketplace', 'Marketplace'],
    ['/indexer', 'Indexer'],
    ['/validate', 'validateRequest'],
    ['/webhook', 'createWebhookReceiver'],
    ['/server', 'createHost'],
  ])('%s resolves through the package name to built JavaScript exporting %s', async (subpath, name) => {
    const module = (await import(`${packageJson.name}${subpath}`)) as Record<string, unknown>
    expect(typeof module[name]).toBe('function')
  })
})

/**
 * The package as a consumer gets it: `npm pack`, then the tarball installed into an empty project (from
 * the npm cache where it has them, else the registry), used with `import` and `require()`.
 */
describe('the packed tarball in an empty project', () => {
  let project: string

  beforeAll(() => {
    project = mkdtempSync(join(tmpdir(), 'consumer-'))
    const [report] = JSON.parse(
      execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', project], {
        cwd: repoRoot,
        encoding: 'utf8',
      }),
    ) as [{ filename: string }]
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true }))
    execFileSync(
      'npm',
      ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', join(project, report.filename)],
      { cwd: project, stdio: 'pipe' },
    )
  }, 240_000)

  afterAll(() => rmSync(project, { recursive: true, force: true }))

  const run = (file: string, source: string) => {
    writeFileSync(join(project, file), source)
    return execFileSync(process.execPath, [file], { cwd: project, encoding: 'utf8' }).trim()
  }

  it('works with import', () => {
    const source = `import { createClients } from '${packageJson.name}'
import { Marketplace } from '${packageJson.name}/marketplace'
const clients = createClients({ network: 'polygon', accessKey: 'k' })
console.log(typeof clients.marketplace.getFloorOrder, typeof Marketplace)`
    expect(run('esm.mjs', source)).toBe('function function')
  })

  it('works with require() (Node 20.19+ loads the ES modules synchronously)', () => {
    const source = `const { createClients } = require('${packageJson.name}')
const { Relayer } = require('${packageJson.name}/relayer')
const clients = createClients({ network: 'polygon', accessKey: 'k' })
console.log(typeof clients.relayer.listGasSponsors, typeof Relayer)`
    expect(run('cjs.cjs', source)).toBe('function function')
  })
})
