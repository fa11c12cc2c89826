import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { describeChange } from '../../../../scripts/commands/breaking.js'
import type { WebrpcIR } from '../../../../scripts/pipeline/ir.js'
import { breakingChanges } from '../../../../scripts/pipeline/ir-diff.js'
import { repoRoot } from '../../../../scripts/pipeline/paths.js'

// Each folder of cases/ is one IR change: before.json and after.json are IR snippets (types and
// services; a missing file is a service file that does not exist on that side) and expected.txt lists
// the breaking changes the comparison must report, one per line, in order (empty: none).
const casesDir = join(import.meta.dirname, 'cases')

function snippet(caseName: string, side: 'before' | 'after'): WebrpcIR | undefined {
  const path = join(casesDir, caseName, `${side}.json`)
  if (!existsSync(path)) return undefined
  return { webrpc: 'v1', name: 'shop', version: 'v0.0.1', errors: [], ...JSON.parse(readFileSync(path, 'utf8')) }
}

describe('breaking changes between two IR snippets', () => {
  test.each(readdirSync(casesDir).sort())('%s', (caseName) => {
    const expected = readFileSync(join(casesDir, caseName, 'expected.txt'), 'utf8')
      .split('\n')
      .filter(Boolean)
    const changes = breakingChanges(snippet(caseName, 'before'), snippet(caseName, 'after'))
    expect(changes.map(describeChange)).toEqual(expected)
  })
})

describe('npm run gen:breaking', () => {
  const repo = mkdtempSync(join(tmpdir(), 'gen-breaking-'))
  afterAll(() => rmSync(repo, { recursive: true, force: true }))
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd: repo, stdio: 'pipe' })
  const run = (...args: string[]) => {
    const result = spawnSync(process.execPath, [join(repoRoot, 'scripts', 'launch.mjs'), 'breaking', ...args], {
      cwd: join(repo, 'gen'),
      encoding: 'utf8',
    })
    return { status: result.status, stdout: result.stdout, stderr: result.stderr }
  }
  const writeIr = (caseName: string, side: 'before' | 'after') =>
    writeFileSync(join(repo, 'gen', 'shop.webrpc.json'), JSON.stringify(snippet(caseName, side)))

  test('compares the working tree with the root commit, then with the last tag; exit 1 lists the changes', () => {
    git('init', '-q')
    mkdirSync(join(repo, 'gen'))
    writeIr('removed-enum-value', 'before')
    git('add', '-A')
    git('commit', '-qm', 'first')
    const root = git('rev-parse', 'HEAD').toString().trim()
    expect(run()).toEqual({
      status: 0,
      stdout: `no breaking contract changes since the root commit ${root.slice(0, 12)} (no tag yet)\n`,
      stderr: '',
    })
    writeIr('removed-enum-value', 'after')
    expect(run()).toEqual({
      status: 1,
      stdout: [
        `1 breaking contract change(s) since the root commit ${root.slice(0, 12)} (no tag yet):`,
        '  gen/shop.webrpc.json: removed enum value: Status.closed',
        '',
      ].join('\n'),
      stderr: '',
    })
    git('commit', '-qam', 'second')
    git('tag', 'v0.2.0')
    writeIr('new-required-request-argument', 'after')
    expect(run()).toMatchObject({ status: 1, stdout: expect.stringContaining('since the last tag, v0.2.0:') })
    expect(run().stdout).toContain('gen/shop.webrpc.json: new required field in a request: Shop.GetItem request.locale')
    expect(run(root).stdout).toBe(
      [
        `1 breaking contract change(s) since ${root}:`,
        '  gen/shop.webrpc.json: new required field in a request: Shop.GetItem request.locale',
        '',
      ].join('\n'),
    )
    rmSync(join(repo, 'gen', 'shop.webrpc.json'))
    expect(run('v0.2.0').stdout).toContain('gen/shop.webrpc.json: removed service: Shop')
  })

  test('--help exits 0; an unknown ref or option exits 2 saying why', () => {
    expect(run('--help')).toMatchObject({ status: 0, stdout: expect.stringMatching(/^npm run gen:breaking/) })
    expect(run('no-such-ref')).toMatchObject({
      status: 2,
      stderr: 'no-such-ref is not a commit, tag or branch of this repository\n',
    })
    expect(run('--nope')).toMatchObject({ status: 2, stderr: expect.stringContaining("Unknown option '--nope'") })
  })
})
