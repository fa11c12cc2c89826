/**
 * Generation speed, side by side in one run, each in its own copy of the repository:
 * - webrpc-gen's own calls, the baselines: for the outputs it can make (the IR, the client and the OpenAPI
 *   document of each service: 15 calls, the issue's baseline), and for what generation still asks of it (10 calls);
 * - the previous pipeline (the commit given, default acae21c: prettier, stock -server, fresh ts-morph per run) as `tsx scripts/generate.ts`;
 * - `npm run gen` on its first run after a clone (no cache at all), with no cached outputs, with nothing
 *   changed, and after a one-service edit;
 * - gen:watch: a .ridl save until the new field is in gen/, end to end.
 * Run: npx tsx bench/gen.ts [rounds] [watchEdits] [previousCommit]
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { repoRoot, serviceRoots } from '../scripts/pipeline/paths.js'
import { generationTargets, schemaOf, webrpcGenSync, type WebrpcTarget } from '../scripts/pipeline/webrpc-gen.js'
import { copyRepoForGeneration } from '../test/support/repo-copy.js'

const rounds = Number(process.argv[2] ?? 7)
const watchEdits = Number(process.argv[3] ?? 30)
const previousCommit = process.argv[4] ?? 'acae21c'

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
/**
 * The p-th percentile, named as such only when enough samples exist for one to lie above it (20 for p95);
 * with fewer, the value would be the maximum, so it is named that.
 */
function tail(values: number[], p: number): string {
  const sorted = [...values].sort((a, b) => a - b)
  const index = Math.ceil((p / 100) * sorted.length) - 1
  return index < sorted.length - 1 ? `p${p} ${sorted[index]!.toFixed(0)} ms` : `max ${sorted.at(-1)!.toFixed(0)} ms`
}

function timed(run: () => void): number {
  const started = performance.now()
  run()
  return performance.now() - started
}

function mustRun(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env): void {
  const result = spawnSync(command, args, { cwd, env, encoding: 'utf8' })
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed in ${cwd}:\n${result.stderr}`)
}

const stems = serviceRoots()
const cacheDir = (dir: string) => join(dir, 'node_modules', '.cache', 'web3-market-contract-gen')

/** A copy with its own node_modules view, so the cache of one variant never serves another. */
function isolatedCopy(): string {
  const dir = copyRepoForGeneration()
  rmSync(join(dir, 'node_modules'))
  mustRun('mkdir', ['-p', join(dir, 'node_modules', '.cache')], dir)
  for (const entry of execFileSync('ls', ['-A', join(repoRoot, 'node_modules')], { encoding: 'utf8' }).split('\n')) {
    if (entry && entry !== '.cache')
      execFileSync('ln', ['-s', join(repoRoot, 'node_modules', entry), join(dir, 'node_modules', entry)])
  }
  return dir
}

function previousPipeline(): string {
  const dir = join(repoRoot, '..', `gen-bench-previous-${previousCommit}`)
  if (!existsSync(dir)) mustRun('git', ['worktree', 'add', '--detach', dir, previousCommit], repoRoot)
  for (const entry of ['node_modules', '.tools'])
    if (!existsSync(join(dir, entry))) execFileSync('ln', ['-s', join(repoRoot, entry), join(dir, entry)])
  return dir
}

const current = isolatedCopy()
const previous = previousPipeline()
const ridl = join(current, 'schema', 'relayer.ridl')
const original = readFileSync(ridl, 'utf8')
const withField = (name: string) => original.replace('  - active: bool', `  - active: bool\n  - ${name}?: string`)

const samples: Record<string, number[]> = {
  "webrpc-gen alone, 15 calls: the IR, the client and the OpenAPI document of each service (the issue's baseline)": [],
  'webrpc-gen alone, 10 calls: the IR and the client of each service (what generation still asks of it)': [],
  'previous pipeline: full run (tsx scripts/generate.ts at the previous commit)': [],
  'npm run gen: first run after a clone (no cache at all: no command bundle, no compiled code, no outputs)': [],
  'npm run gen: no cached outputs (the command bundle and compiled code kept)': [],
  'npm run gen: nothing changed': [],
  'npm run gen: one .ridl edited': [],
}
const [issueBaseline, baseline, previousRun, clone, noOutputs, unchanged, edited] = Object.values(samples)
const webrpcGenCalls = (targets: readonly WebrpcTarget[]) => () => {
  for (const stem of stems) for (const target of targets) webrpcGenSync(schemaOf(stem), target, current)
}
/** The step outputs only: the files named by their inputs' hash at the top of the cache folder. */
const removeCachedOutputs = () => {
  for (const entry of readdirSync(cacheDir(current), { withFileTypes: true }))
    if (entry.isFile()) rmSync(join(cacheDir(current), entry.name))
}

mustRun('npm', ['run', '-s', 'gen'], current) // makes the launcher's bundle, as any first run does
for (let round = 0; round < rounds; round++) {
  issueBaseline!.push(timed(webrpcGenCalls([...generationTargets, 'openapi'])))
  baseline!.push(timed(webrpcGenCalls(generationTargets)))
  previousRun!.push(
    timed(() => mustRun(join(repoRoot, 'node_modules', '.bin', 'tsx'), ['scripts/generate.ts'], previous)),
  )
  rmSync(cacheDir(current), { recursive: true, force: true })
  clone!.push(timed(() => mustRun('npm', ['run', '-s', 'gen'], current)))
  removeCachedOutputs()
  noOutputs!.push(timed(() => mustRun('npm', ['run', '-s', 'gen'], current)))
  unchanged!.push(timed(() => mustRun('npm', ['run', '-s', 'gen'], current)))
  writeFileSync(ridl, withField(`edit${round}`))
  edited!.push(timed(() => mustRun('npm', ['run', '-s', 'gen'], current)))
  writeFileSync(ridl, original)
  mustRun('npm', ['run', '-s', 'gen'], current)
}

/** Saves a field into relayer.ridl and waits until gen/relayer.gen.ts has it: what a schema maintainer waits for. */
async function watchLatencies(): Promise<number[]> {
  const watcher = spawn('npm', ['run', '-s', 'gen:watch'], { cwd: current, detached: true })
  let output = ''
  watcher.stdout.on('data', (chunk) => (output += chunk))
  while (!output.includes('watching')) await new Promise((resolve) => setTimeout(resolve, 20))
  const generated = join(current, 'gen', 'relayer.gen.ts')
  const latencies: number[] = []
  for (let edit = 0; edit < watchEdits + 3; edit++) {
    const field = `watched${edit}`
    const started = performance.now()
    writeFileSync(ridl, withField(field))
    while (!readFileSync(generated, 'utf8').includes(`${field}?: string`)) await new Promise((r) => setTimeout(r, 2))
    // The first saves load the worker's modules; what a maintainer feels is every save after.
    if (edit >= 3) latencies.push(performance.now() - started)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  process.kill(-watcher.pid!)
  writeFileSync(ridl, original)
  return latencies
}
const watch = await watchLatencies()

const issueBase = median(issueBaseline!)
const base = median(baseline!)
console.log(`generation, ${rounds} rounds each, medians (ms); ratios against webrpc-gen's 15 calls and its 10 calls`)
for (const [name, values] of Object.entries(samples))
  console.log(
    `${name.padEnd(104)} ${median(values).toFixed(0).padStart(6)}  ${(median(values) / issueBase).toFixed(1).padStart(5)}x ${(median(values) / base).toFixed(1).padStart(5)}x`,
  )
console.log(
  `gen:watch, save to new gen/ file, ${watch.length} saves: median ${median(watch).toFixed(0)} ms, ${tail(watch, 95)}, max ${Math.max(...watch).toFixed(0)} ms`,
)
rmSync(current, { recursive: true, force: true })
