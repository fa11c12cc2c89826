import { execFileSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { audiences } from './support/audiences.js'
import { compilerVersion, typescriptCompiler } from './support/compilers.js'
import { consumerProject, packageName, type ConsumerProject } from './support/consumer-project.js'

const typesNode = '@types/node@^20.19'
const compilers = ['5.9', '7'] as const
const resolutions = [
  ['node16', 'node16'],
  ['nodenext', 'nodenext'],
  ['bundler', 'esnext'],
] as const

/** Every entry point with JavaScript behind it (the JSON ones, schemas/* and fixtures.schema.json, have no types). */
const everyEntry = Object.values(audiences).flatMap(({ entries }) => entries)
const everyPeer = [...new Set(Object.values(audiences).flatMap(({ peers }) => peers))]
/** The entry points of the audiences that install no peer: the clients, the webhook receiver and `/validate`. */
const peerlessEntries = Object.values(audiences).flatMap(({ peers, entries }) => (peers.length === 0 ? entries : []))

/**
 * A program importing `entries`, type-checked as a strict consumer would: ES2022 and Node types, no DOM lib, no
 * skipLibCheck. Returns the compiler's error lines.
 */
function typeCheck(
  project: ConsumerProject,
  entries: readonly string[],
  tsc: string,
  moduleResolution: string,
  module: string,
) {
  const program = entries.map(
    (entry, i) => `import * as entry${i} from '${packageName}${entry}'\nconsole.log(entry${i})`,
  )
  writeFileSync(join(project.dir, 'main.mts'), program.join('\n') + '\n')
  const compilerOptions = {
    module,
    moduleResolution,
    target: 'ES2022',
    lib: ['ES2022'],
    types: ['node'],
    strict: true,
    noEmit: true,
  }
  writeFileSync(join(project.dir, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['main.mts'] }))
  try {
    execFileSync(tsc, ['-p', 'tsconfig.json'], { cwd: project.dir, encoding: 'utf8', stdio: 'pipe' })
    return []
  } catch (error) {
    const errors = (error as { stdout: string }).stdout.split('\n').filter((line) => line.includes('error TS'))
    return errors.length ? errors : [`${compilerVersion(tsc)} failed: ${String(error)}`]
  }
}

describe.each([
  ['every entry point, every peer installed', everyEntry, everyPeer],
  ['the entry points that need no peer, none installed', peerlessEntries, []],
])('type-checking %s', (_, entries, peers) => {
  let project: ConsumerProject
  const tsc: Record<string, string> = {}

  beforeAll(() => {
    project = consumerProject([...peers, typesNode])
    for (const version of compilers) tsc[version] = typescriptCompiler(version)
  }, 300_000)

  afterAll(() => project.remove())

  describe.each(compilers)('on TypeScript %s', (version) => {
    it.each(resolutions)(
      'moduleResolution %s compiles with no error',
      (moduleResolution, module) => {
        expect(typeCheck(project, entries, tsc[version]!, moduleResolution, module)).toEqual([])
      },
      120_000,
    )
  })
})
