import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { cacheDir } from '../../../scripts/pipeline/gen-cache.js'
import {
  type BundleSources,
  codeFingerprint,
  generationModuleGraph,
  type ModuleGraph,
  modulesReached,
} from '../../../scripts/pipeline/module-graph.js'
import { repoRoot } from '../../../scripts/pipeline/paths.js'
import { steps as declarations } from '../../../scripts/pipeline/steps.js'

// Generation keys each cached step by the code its module reaches (scripts/pipeline/module-graph.ts): the graph esbuild
// reads, run from source, or the one scripts/launch.mjs recorded for its bundle, which must be the same.

const launch = (...args: string[]) =>
  spawnSync(process.execPath, [join(repoRoot, 'scripts', 'launch.mjs'), ...args], { cwd: repoRoot, encoding: 'utf8' })

const steps = Object.fromEntries(Object.entries(declarations).map(([name, step]) => [name, step.entry]))

let graph: ModuleGraph
let launched: BundleSources

beforeAll(async () => {
  graph = await generationModuleGraph(Object.values(steps))
  expect(launch('generate', '--help').status).toBe(0)
  const bundleName = `generate-${createHash('sha256').update(repoRoot).digest('hex').slice(0, 16)}.mjs`
  launched = JSON.parse(readFileSync(join(cacheDir, 'launch', `${bundleName}.sources.json`), 'utf8')) as BundleSources
}, 60_000)

describe('the cache key of a generation step', () => {
  it('covers modules a step imports from src/ (the runtime the emitted code names, the sample data)', () => {
    expect(modulesReached(graph, declarations.postprocess.entry)).toContain('src/runtime/errors.ts')
    expect(modulesReached(graph, declarations.openapi.entry)).toContain('src/reference/data/sample-data.ts')
    expect(modulesReached(graph, declarations.jsonschema.entry)).toContain('src/runtime/formats.ts')
    expect(modulesReached(graph, declarations.fixtures.entry)).toContain('scripts/emit/jsonschema/self-contained.ts')
  })

  it.each(Object.entries(steps))(
    '%s: editing any module it reaches changes the key; editing another does not',
    (_, entry) => {
      const before = codeFingerprint(graph, entry)
      const reached = modulesReached(graph, entry)
      for (const edited of reached) {
        const read = (path: string) =>
          readFileSync(join(repoRoot, path), 'utf8') + (path === edited ? '\n// edited' : '')
        expect(codeFingerprint(graph, entry, read), edited).not.toBe(before)
      }
      const unrelated = 'scripts/commands/watch.ts'
      expect(reached).not.toContain(unrelated)
      const editUnrelated = (path: string) =>
        readFileSync(join(repoRoot, path), 'utf8') + (path === unrelated ? '\n// edited' : '')
      expect(codeFingerprint(graph, entry, editUnrelated)).toBe(before)
    },
  )

  it.each(Object.entries(steps))('%s: reads files only through readDataFile, which its key covers', (_, entry) => {
    const readers = modulesReached(graph, entry).filter((module) =>
      graph.inputs[module]!.imports.some(({ path }) => /^(node:)?fs(\/promises)?$/.test(path)),
    )
    // paths.ts lists the service roots for the run, before any step: no step calls it.
    expect(readers.filter((module) => module !== 'scripts/pipeline/paths.ts')).toEqual([
      'scripts/pipeline/data-files.ts',
    ])
  })

  it.each(Object.entries(steps))('%s: the graph scripts/launch.mjs recorded reaches the same modules', (_, entry) => {
    expect(modulesReached(launched, entry)).toEqual(modulesReached(graph, entry))
  })

  it.each(Object.entries(steps))(
    '%s: in a bundle, the key is of the code the bundle was made from, the same as read from source',
    (_, entry) => {
      const unread = (path: string): string => {
        throw new Error(`${path} was read: the bundle's record has its hash`)
      }
      expect(codeFingerprint(launched, entry, unread)).toBe(codeFingerprint(graph, entry))
      const edited = modulesReached(launched, entry)[0]!
      const hashes = { ...launched.hashes, [edited]: 'another hash' }
      expect(codeFingerprint({ ...launched, hashes }, entry, unread)).not.toBe(codeFingerprint(graph, entry))
    },
  )
})

it('a launched command’s stack trace names the scripts/ file and line, not the cached bundle', () => {
  const { status, stderr } = launch('generate', '--no-such-option')
  expect(status).not.toBe(0)
  expect(stderr).toMatch(/^\s+at main \(.*[/\\]scripts[/\\]commands[/\\]generate\.ts:\d+:\d+\)$/m)
  expect(stderr).not.toMatch(/\.cache/)
})
