import { execFile } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { audiences } from './support/audiences.js'
import { compilerVersion, typescriptCompiler } from './support/compilers.js'
import { packageName, type ConsumerProject } from './support/consumer-project.js'
import { sharedConsumerProject } from './support/shared-project.js'

const typesNode = '@types/node@^20.19'
const compilers = ['5.9', '7'] as const
const resolutions = [
  ['node16', 'node16'],
  ['nodenext', 'nodenext'],
  ['bundler', 'esnext'],
] as const

/** Every entry point with JavaScript behind it (the JSON ones, schemas/* and fixtures.schema.json, have no types). */
const everyEntry = Object.values(audiences).flatMap(({ entries }) => entries)
/** msw's own declarations use the DOM's WebSocket and event types, so a consumer of /msw has the DOM lib (as msw asks). */
const domEntries = ['/msw']
const nonDomEntries = everyEntry.filter((entry) => !domEntries.includes(entry))
const everyPeer = [...new Set(Object.values(audiences).flatMap(({ peers }) => peers))]
/** The entry points of the audiences that install no peer: the clients, the webhook receiver and `/validate`. */
const peerlessEntries = Object.values(audiences).flatMap(({ peers, entries }) => (peers.length === 0 ? entries : []))

/**
 * A program importing `entries`, type-checked as a strict consumer would: ES2022 and Node types, `lib` (no DOM but
 * where an entry's peer needs it), no skipLibCheck, in a folder of its own. Returns the compiler's error lines.
 */
async function typeCheck(
  project: ConsumerProject,
  entries: readonly string[],
  tsc: string,
  moduleResolution: string,
  module: string,
  lib: readonly string[],
) {
  const program = entries.map(
    (entry, i) => `import * as entry${i} from '${packageName}${entry}'\nconsole.log(entry${i})`,
  )
  const dir = mkdtempSync(join(project.dir, 'tsc-'))
  writeFileSync(join(dir, 'main.mts'), program.join('\n') + '\n')
  const compilerOptions = {
    module,
    moduleResolution,
    target: 'ES2022',
    lib,
    types: ['node'],
    strict: true,
    noEmit: true,
  }
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['main.mts'] }))
  try {
    await promisify(execFile)(tsc, ['-p', 'tsconfig.json'], { cwd: dir, encoding: 'utf8' })
    return []
  } catch (error) {
    const errors = (error as { stdout: string }).stdout.split('\n').filter((line) => line.includes('error TS'))
    return errors.length ? errors : [`${compilerVersion(tsc)} failed: ${String(error)}`]
  }
}

describe.each([
  ['every entry point but /msw, every peer installed, no DOM lib', nonDomEntries, everyPeer, ['ES2022']],
  ['/msw, every peer installed, with the DOM lib', domEntries, everyPeer, ['ES2022', 'DOM']],
  ['the entry points that need no peer, none installed, no DOM lib', peerlessEntries, [], ['ES2022']],
])('type-checking %s', (_, entries, peers, lib) => {
  let project: ConsumerProject
  const tsc: Record<string, string> = {}

  beforeAll(async () => {
    project = await sharedConsumerProject([...peers, typesNode])
    for (const version of compilers) tsc[version] = typescriptCompiler(version)
  }, 300_000)

  afterAll(() => project.remove())

  // The compiles are independent: they run at the same time, each compiler in its own process.
  describe.concurrent.each(compilers)('on TypeScript %s', (version) => {
    it.each(resolutions)(
      'moduleResolution %s compiles with no error',
      async (moduleResolution, module) => {
        expect(await typeCheck(project, entries, tsc[version]!, moduleResolution, module, lib)).toEqual([])
      },
      120_000,
    )
  })
})
