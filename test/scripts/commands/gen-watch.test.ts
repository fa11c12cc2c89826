import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { readFileSync, renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { affectedServices, isWatchedSource } from '../../../scripts/commands/watch.js'
import { copyRepoForGeneration } from '../../support/repo-copy.js'

let dir: string
let ridl: string
let original: string
let watcher: ChildProcess
let output = ''
/** Called after each chunk of watcher output. */
const onOutput = new Set<() => void>()
const append = (chunk: Buffer) => {
  output += chunk
  for (const listener of [...onOutput]) listener()
}

/** Resolves with the output since `from` once it matches; fails with that output after 60 s. */
function waitForOutput(pattern: RegExp, from: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const check = () => {
      if (!pattern.test(output.slice(from))) return
      clearTimeout(timer)
      onOutput.delete(check)
      resolve(output.slice(from))
    }
    const timer = setTimeout(() => {
      onOutput.delete(check)
      reject(new Error(`no ${pattern} in watcher output:\n${output.slice(from)}`))
    }, 60_000)
    onOutput.add(check)
    check()
  })
}

/** The relayer schema with one extra GasSponsor field, so each save is told apart in gen/. */
const withField = (name: string) => original.replace('  - active: bool', `  - active: bool\n  - ${name}?: string`)
const generated = () => readFileSync(join(dir, 'gen', 'relayer.gen.ts'), 'utf8')

/** Waits until a run that started after `from` has finished with the field in gen/, and returns its output. */
async function regeneratedWith(field: string, from: number): Promise<string> {
  for (;;) {
    const text = await waitForOutput(/regenerated in \d+ ms/, from)
    if (generated().includes(`${field}?: string`)) return text
    from = output.lastIndexOf('regenerated in') + 1
  }
}

beforeAll(async () => {
  dir = copyRepoForGeneration()
  ridl = join(dir, 'schema', 'relayer.ridl')
  original = readFileSync(ridl, 'utf8')
  watcher = spawn(process.execPath, [join(dir, 'scripts', 'launch.mjs'), 'watch'], { cwd: dir })
  watcher.stdout!.on('data', append)
  watcher.stderr!.on('data', append)
  await waitForOutput(/watching schema, scripts/, 0)
}, 60_000)

afterAll(() => {
  watcher.kill()
  rmSync(dir, { recursive: true, force: true })
})

describe('every way an editor saves a .ridl is regenerated', () => {
  it('an in-place write', async () => {
    const from = output.length
    writeFileSync(ridl, withField('inPlace'))
    const text = await regeneratedWith('inPlace', from)
    expect(text).toContain('changed: schema/relayer.ridl')
    expect(text).toMatch(/regenerated in \d+ ms: .*gen\/relayer\.gen\.ts/)
  })

  it('write to a temp file, then rename over the schema (atomic save)', async () => {
    const from = output.length
    const temp = join(dir, 'schema', '.relayer.ridl.tmp')
    writeFileSync(temp, withField('atomic'))
    renameSync(temp, ridl)
    const text = await regeneratedWith('atomic', from)
    expect(text).toContain('changed: schema/relayer.ridl')
    expect(text).not.toContain('.tmp')
  })

  it('sed -i (a temp file renamed over the schema), and a save after it', async () => {
    let from = output.length
    execFileSync('sed', ['-i', 's/atomic?: string/sedEdit?: string/', ridl])
    let text = await regeneratedWith('sedEdit', from)
    expect(text).not.toMatch(/changed: .*sed[A-Za-z0-9]{6}/)
    from = output.length
    writeFileSync(ridl, withField('afterSed'))
    text = await regeneratedWith('afterSed', from)
    expect(text).toContain('changed: schema/relayer.ridl')
  })

  it('delete, then create', async () => {
    const from = output.length
    unlinkSync(ridl)
    // Created again only once the watcher has seen it gone, so the two are two events, not one change.
    // The run that saw it gone says so and generates nothing. (A run the previous test's last save started late
    // may still print its own lines in this window, so the lines are matched as one run's sequence.)
    await waitForOutput(
      /changed: schema\/relayer\.ridl\nschema\/relayer\.ridl is gone; waiting for it to be saved again/,
      from,
    )
    writeFileSync(ridl, withField('recreated'))
    await regeneratedWith('recreated', from)
  })

  it('two saves within the debounce window: the second wins', async () => {
    const from = output.length
    writeFileSync(ridl, withField('firstQuick'))
    writeFileSync(ridl, withField('secondQuick'))
    await regeneratedWith('secondQuick', from)
    expect(generated()).not.toContain('firstQuick')
  })

  it('a save while a generation runs is generated after it: the last save wins', async () => {
    const from = output.length
    writeFileSync(ridl, withField('duringRunA'))
    await waitForOutput(/changed: schema\/relayer\.ridl/, from)
    writeFileSync(ridl, withField('duringRunB'))
    await regeneratedWith('duringRunB', from)
    expect(generated()).not.toContain('duringRunA')
    // Two generations one after the other: longer than vitest's default 30 s on a loaded 2-core machine.
  }, 120_000)
})

it('prints webrpc-gen’s error for a broken .ridl, keeps watching, and regenerates once it is fixed', async () => {
  let from = output.length
  writeFileSync(ridl, original.replace('  - active: bool', '  - active bool'))
  // One run's lines in order: a run started before this save (a late event of an earlier one) may read the broken
  // file too and fail first, so the first failure alone does not show that this save was seen.
  await waitForOutput(
    /changed: schema\/relayer\.ridl\n[\s\S]*?webrpc-gen failed on schema\/relayer\.ridl[\s\S]*?generation failed after \d+ ms; still watching/,
    from,
  )

  from = output.length
  writeFileSync(ridl, withField('label'))
  await regeneratedWith('label', from)
})

it.each([
  ['schema/relayer.ridl', true],
  ['schema/networks.json', true],
  ['scripts/emit/typescript/auth.ts', true],
  ['schema/.relayer.ridl.tmp', false],
  ['schema/relayer.ridl~', false],
  ['schema/.relayer.ridl.swp', false],
  ['schema/.#relayer.ridl', false],
  ['schema/sedAb12Cd', false],
  ['schema/4913', false],
  ['scripts/tools/go.mod', false],
  ['src/reference/data/sample-data.ts', true],
  ['src/local/server.ts', false],
  ['src/reference/data/native-currency.ts', true],
  ['schema/fixtures.schema.json', true],
  ['src/runtime/client.ts', true],
  ['gen/relayer.gen.ts', false],
])('%s is a watched source: %s', (path, watched) => {
  expect(isWatchedSource(path)).toBe(watched)
})

it.each([
  [['schema/relayer.ridl'], ['relayer']],
  [
    ['schema/relayer.ridl', 'schema/marketplace.ridl'],
    ['marketplace', 'relayer'],
  ],
  [['schema/common.ridl'], undefined],
  [['schema/relayer.ridl', 'schema/networks.json'], undefined],
  [['scripts/emit/typescript/auth.ts'], undefined],
  [['src/reference/data/sample-data.ts'], undefined],
])('a save of %j regenerates %j (undefined: every service)', (changed, services) => {
  expect(affectedServices(changed)).toEqual(services)
})
