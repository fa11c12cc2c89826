import { execFile } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { audiences } from '../support/audiences.js'
import { compilerVersion, typescriptCompiler } from '../support/compilers.js'
import { packageName, type ConsumerProject } from '../support/consumer-project.js'
import { sharedConsumerProject } from '../support/shared-project.js'

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

/** The configurations: what the program imports, the peers installed beside the package, and `lib`. */
const configurations = [
  ['every entry point but /msw, every peer installed, no DOM lib', nonDomEntries, everyPeer, ['ES2022']],
  ['/msw, every peer installed, with the DOM lib', domEntries, everyPeer, ['ES2022', 'DOM']],
  ['the entry points that need no peer, none installed, no DOM lib', peerlessEntries, [], ['ES2022']],
] as const

let projects: ConsumerProject[]
const tsc: Record<string, string> = {}

beforeAll(async () => {
  // The installs run at the same time; the configurations with the same peers share one.
  projects = await Promise.all(configurations.map(([, , peers]) => sharedConsumerProject([...peers, typesNode])))
  for (const version of compilers) tsc[version] = typescriptCompiler(version)
}, 300_000)

afterAll(() => projects.forEach((project) => project.remove()))

/**
 * A program importing `entries`, to type-check as a strict consumer would: ES2022 and Node types, `lib` (no DOM but
 * where an entry's peer needs it), no skipLibCheck, in a folder of its own. Returns the folder.
 */
function writeProgram(
  project: ConsumerProject,
  entries: readonly string[],
  lib: readonly string[],
  moduleResolution: string,
  module: string,
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
  return dir
}

/**
 * Type-checks the programs in `dirs` with one `tsc -b` (a 5.9 process spends seconds warming up before its first
 * program, and less on each next one). Returns each program's error lines, told apart by the `--verbose` line
 * that starts each project's build.
 */
async function build(tsc: string, dirs: string[]): Promise<string[][]> {
  let output: string
  let failure: unknown
  try {
    output = (await promisify(execFile)(tsc, ['-b', '--verbose', '--pretty', 'false', ...dirs], { encoding: 'utf8' }))
      .stdout
  } catch (error) {
    output = (error as { stdout: string }).stdout
    failure = error
  }
  const errors = dirs.map((): string[] | undefined => undefined)
  let current: string[] = []
  for (const line of output.split('\n')) {
    // 5.9 names the project's tsconfig.json by its absolute path, 7 relative to the working directory.
    const building = /Building project '(.+)'\.\.\.$/.exec(line)
    if (building) errors[dirs.indexOf(dirname(resolve(building[1]!)))] = current = []
    else if (line.includes('error TS')) current.push(line)
  }
  const failed = failure !== undefined && errors.every((lines) => !lines?.length)
  return errors.map((lines) =>
    !lines
      ? [`${compilerVersion(tsc)} did not build this project:\n${output}`]
      : failed
        ? [`${compilerVersion(tsc)} failed: ${String(failure)}`]
        : lines,
  )
}

/**
 * One compiler process per compiler, checking every configuration's program under every module resolution: its
 * build shares the parsed declarations (the standard library, Node's types, the package's) between the programs.
 */
const builds = new Map<string, Promise<string[][]>>()
function typeChecked(version: string, moduleResolution: string) {
  if (!builds.has(version)) {
    const dirs = resolutions.flatMap(([resolution, module]) =>
      configurations.map(([, entries, , lib], i) => writeProgram(projects[i]!, entries, lib, resolution, module)),
    )
    builds.set(version, build(tsc[version]!, dirs))
  }
  const first = resolutions.findIndex(([resolution]) => resolution === moduleResolution) * configurations.length
  return builds.get(version)!.then((errors) => errors.slice(first, first + configurations.length))
}

describe.each(configurations)('type-checking %s', (name) => {
  const configuration = configurations.findIndex(([other]) => other === name)
  // The compilers' processes run at the same time.
  describe.concurrent.each(compilers)('on TypeScript %s', (version) => {
    it.each(resolutions)(
      'moduleResolution %s compiles with no error',
      async (moduleResolution) => {
        expect((await typeChecked(version, moduleResolution))[configuration]).toEqual([])
      },
      // Waits for its compiler to check every configuration's program.
      300_000,
    )
  })
})
