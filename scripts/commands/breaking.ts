import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { exitWithHelpIfAsked } from './cli-help.js'
import type { WebrpcIR } from '../pipeline/ir.js'
import { breakingChanges, type BreakingChange } from '../pipeline/ir-diff.js'

const USAGE = `npm run gen:breaking [-- <ref>] [-- --help]

Lists the breaking contract changes between the IR at a git ref (gen/<svc>.webrpc.json,
read with git show) and the working tree's gen/ (run npm run gen first after editing schema/).
Breaking: removed service, operation, type or field; changed type; optional → required (or a
new required field) in a request; required → optional in a response; removed enum value; new
value of an enum that responses or the webhook payload carry (enums are closed).

  <ref>       a commit, tag or branch (default: the last tag; the root commit when there is none)
  -h, --help  this text

Exit status: 0 no breaking change, 1 breaking changes listed, 2 the comparison could not run.`

const IR_FILE = /^([a-z0-9-]+)\.webrpc\.json$/

/** Run from anywhere in the repository: the IR is read from its top level's gen/. */
function git(...args: string[]): string {
  return execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim()
}

/** The last tag reachable from HEAD, else the root commit; `how` says which, for the report. */
export function defaultRef(): { ref: string; how: string } {
  try {
    const tag = git('describe', '--tags', '--abbrev=0')
    return { ref: tag, how: `the last tag, ${tag}` }
  } catch {
    const root = git('rev-list', '--max-parents=0', 'HEAD').split('\n').at(-1)!
    return { ref: root, how: `the root commit ${root.slice(0, 12)} (no tag yet)` }
  }
}

function irAtRef(ref: string): Map<string, WebrpcIR> {
  // ls-tree of a commit without gen/ lists nothing: no service existed, so nothing can have broken.
  const files = git('ls-tree', '--name-only', '--full-tree', ref, 'gen/')
    .split('\n')
    .map((path) => path.slice('gen/'.length))
  const entries = files.filter((name) => IR_FILE.test(name))
  return new Map(entries.map((name) => [name, JSON.parse(git('show', `${ref}:gen/${name}`)) as WebrpcIR]))
}

function irInWorkingTree(): Map<string, WebrpcIR> {
  const genDir = join(git('rev-parse', '--show-toplevel'), 'gen')
  const files = existsSync(genDir) ? readdirSync(genDir).filter((name) => IR_FILE.test(name)) : []
  return new Map(files.map((name) => [name, JSON.parse(readFileSync(join(genDir, name), 'utf8')) as WebrpcIR]))
}

/** Every breaking change from the IR at `ref` to the working tree, by IR file name. */
export function breakingSince(ref: string): { file: string; change: BreakingChange }[] {
  const before = irAtRef(ref)
  const after = irInWorkingTree()
  return [...before.keys()]
    .sort()
    .flatMap((file) => breakingChanges(before.get(file), after.get(file)).map((change) => ({ file, change })))
}

export function describeChange(change: BreakingChange): string {
  return `${change.kind}: ${change.subject}${change.detail ? ` (${change.detail})` : ''}`
}

/** `npm run gen:breaking`: scripts/launch.mjs runs it. */
export function main(): void {
  process.exitCode = breakingCommand(process.argv.slice(2))
}

function breakingCommand(argv: string[]): number {
  exitWithHelpIfAsked(USAGE)
  let parsed
  try {
    parsed = parseArgs({ args: argv, options: {}, allowPositionals: true })
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`)
    return 2
  }
  if (parsed.positionals.length > 1) {
    console.error(`expected at most one ref, got ${parsed.positionals.join(' ')}\n\n${USAGE}`)
    return 2
  }
  let ref: string
  let how: string
  let changes: { file: string; change: BreakingChange }[]
  try {
    ;({ ref, how } = parsed.positionals[0] ? { ref: parsed.positionals[0], how: parsed.positionals[0] } : defaultRef())
  } catch (error) {
    console.error(
      `cannot find a ref to compare with: ${(error as { stderr?: string }).stderr?.trim() || (error as Error).message}`,
    )
    return 2
  }
  try {
    git('rev-parse', '--verify', '--quiet', `${ref}^{commit}`)
  } catch {
    console.error(`${ref} is not a commit, tag or branch of this repository`)
    return 2
  }
  try {
    changes = breakingSince(ref)
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim()
    console.error(`cannot compare with ${ref}: ${stderr || (error as Error).message}`)
    return 2
  }
  if (changes.length === 0) {
    console.log(`no breaking contract changes since ${how}`)
    return 0
  }
  const lines = changes.map(({ file, change }) => `  gen/${file}: ${describeChange(change)}`)
  console.log([`${changes.length} breaking contract change(s) since ${how}:`, ...lines].join('\n'))
  return 1
}
