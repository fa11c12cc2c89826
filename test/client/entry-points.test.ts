import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { repoRoot } from '../../scripts/pipeline/paths.js'

const services = ['marketplace', 'metadata', 'builder', 'relayer', 'indexer']

/** Every repository file `entry` loads, following relative imports and re-exports (what a bundler would include). */
function importGraph(entry: string, seen = new Set<string>()): Set<string> {
  if (seen.has(entry)) return seen
  seen.add(entry)
  const text = readFileSync(entry, 'utf8')
  for (const [, specifier] of text.matchAll(/(?:import|export)[^'"]*?from\s+'(\.[^']+)'/g)) {
    importGraph(resolve(dirname(entry), specifier!.replace(/\.js$/, '.ts')), seen)
  }
  return seen
}

const relative = (files: Set<string>) => [...files].map((f) => f.slice(repoRoot.length + 1)).sort()

describe('entry points', () => {
  for (const service of services) {
    it(`<pkg>/${service} loads only the ${service} client, the shared modules and the shared runtime`, () => {
      const files = relative(importGraph(join(repoRoot, 'src', 'entries', `${service}.ts`)))
      const own = [`src/entries/${service}.ts`, `gen/${service}.gen.ts`, 'gen/errors.gen.ts', 'gen/networks.gen.ts']
      expect(files.filter((file) => !file.startsWith('src/runtime/'))).toEqual(own.sort())
      expect(files).toEqual(expect.arrayContaining(['src/runtime/client.ts', 'src/runtime/errors.ts']))
    })
  }

  it.each(services)(
    '<pkg>/%s exports its own client, types and the network names, not the error table',
    async (service) => {
      const names = Object.keys(await import(`../../src/entries/${service}.ts`))
      expect(names.filter((name) => name.endsWith('Error'))).toEqual(['InvalidServiceUrlError', 'UnknownNetworkError'])
      expect(names.length).toBeLessThanOrEqual(25)
    },
  )

  it('package.json exports each entry point, built by tsconfig.build.json into dist/', () => {
    const exports = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')).exports as Record<
      string,
      { types: string; default: string }
    >
    for (const [subpath, source] of [['.', 'index'], ...services.map((s) => [`./${s}`, s])] as const) {
      expect(exports[subpath]).toEqual({
        types: `./dist/src/entries/${source}.d.ts`,
        default: `./dist/src/entries/${source}.js`,
      })
      expect(existsSync(join(repoRoot, 'src', 'entries', `${source}.ts`))).toBe(true)
    }
  })

  it('a service file loads only gen/ and the shared runtime (test/scripts/emit/runtime-boundary.test.ts checks every import)', () => {
    for (const service of services) {
      const outside = relative(importGraph(join(repoRoot, 'gen', `${service}.gen.ts`))).filter(
        (f) => !f.startsWith('gen/') && !f.startsWith('src/runtime/'),
      )
      expect(outside).toEqual([])
    }
  })
})
