import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { repoRoot } from '../scripts/paths.js'

type ExportTarget = string | { types: string; import: string }
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
      const files = typeof target === 'string' ? [target] : [target.types, target.import]
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

  it('ships no tests, benchmarks, scripts or CI files', () => {
    expect([...packed].filter((path) => /^(test|bench|scripts|\.ci)\//.test(path))).toEqual([])
  })

  it.each([
    ['', 'createClients'],
    ['/marketplace', 'Marketplace'],
    ['/indexer', 'Indexer'],
    ['/validate', 'validateRequest'],
    ['/webhook', 'createWebhookReceiver'],
    ['/webhook/receiver', 'createWebhookReceiver'],
    ['/server', 'createHost'],
  ])('%s resolves through the package name to built JavaScript exporting %s', async (subpath, name) => {
    const module = (await import(`${packageJson.name}${subpath}`)) as Record<string, unknown>
    expect(typeof module[name]).toBe('function')
  })
})
