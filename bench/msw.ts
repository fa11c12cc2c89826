/**
 * Test authors' costs, side by side in one run:
 * 1. MSW handler set ready (import + create, in a fresh Node process each time): contractHandlers() vs a
 *    hand-written MSW handler returning a constant; goal ≤ 50 ms. Then, in the same process, the first answer
 *    (msw/node listening, one call), since contractHandlers() loads the operations on the first request.
 * 2. Per call through msw/node: GetCountOfAllCollectibles answered by contractHandlers() vs the hand-written
 *    handler; goal ≤ 2×.
 * 3. startLocalServer() in memory, ready time and peak RSS, this tree vs a "before" tree (a git worktree of
 *    main at 50050df with its dist/ built): `git worktree add /tmp/msw-before 50050df`, `npm ci` there (it builds
 *    dist/); goal ≤ 500 ms and ≤ 200 MB.
 * 4. `npm start` with no DATA_DIR nor DATABASE_URL, from the command to its first output line (the credentials),
 *    in each tree: what a person typing it waits. npm's own process is part of it.
 * Needs dist/ (npm run build). Run: npx tsx bench/msw.ts [beforeRoot] [runs] [calls]
 */
import { execFileSync, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { repoRoot } from '../scripts/pipeline/paths.js'

const beforeRoot = process.argv[2] ?? '/tmp/msw-before'
const runs = Number(process.argv[3] ?? 5)
const calls = Number(process.argv[4] ?? 2000)
const url = (root: string, file: string) => pathToFileURL(join(root, file)).href
const mswUrl = url(repoRoot, 'node_modules/msw/lib/core/index.mjs')
const mswNodeUrl = url(repoRoot, 'node_modules/msw/lib/node/index.mjs')
const contract = url(repoRoot, 'dist/src/msw/index.js')
const endpoint = 'https://marketplace-api.platform.app/polygon/rpc/Marketplace/GetCountOfAllCollectibles'

/** Runs a module in a fresh Node process; it prints one JSON line. */
function runFresh(source: string): Record<string, number> {
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', source], { encoding: 'utf8', cwd: repoRoot })
  return JSON.parse(out.trim().split('\n').pop()!) as Record<string, number>
}

const call = `fetch('${endpoint}', { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Access-Key': 'local-access-key-sample-project-1' }, body: JSON.stringify({ contractAddress: '0x4e10000000000000000000000000000000000721' }) }).then((r) => r.text())`

/** Ready (import + create), then the first answer: msw/node listening and one call answered. */
const firstAnswer = `const ms = performance.now() - t0
    const { setupServer } = await import('${mswNodeUrl}')
    const server = setupServer(...handlers)
    server.listen({ onUnhandledRequest: 'error' })
    await ${call}
    console.log(JSON.stringify({ ms, firstMs: performance.now() - t0 }))
    server.close()`

const readySources = {
  handWritten: `const t0 = performance.now()
    const { http, HttpResponse } = await import('${mswUrl}')
    const handlers = [http.post('${endpoint}', () => HttpResponse.json({ count: 42 }))]
    ${firstAnswer}`,
  contractHandlers: `const t0 = performance.now()
    await import('${mswUrl}')
    const { contractHandlers } = await import('${contract}')
    const handlers = contractHandlers()
    ${firstAnswer}`,
}

const perCallSource = (handlerCode: string) => `
  const { setupServer } = await import('${mswNodeUrl}')
  ${handlerCode}
  const server = setupServer(...handlers)
  server.listen({ onUnhandledRequest: 'error' })
  const call = () => ${call}
  for (let i = 0; i < 200; i++) await call()
  const t0 = performance.now()
  for (let i = 0; i < ${calls}; i++) await call()
  const ms = performance.now() - t0
  server.close()
  console.log(JSON.stringify({ usPerCall: (ms * 1000) / ${calls} }))`

const perCallSources = {
  handWritten: perCallSource(
    `const { http, HttpResponse } = await import('${mswUrl}'); const handlers = [http.post('${endpoint}', () => HttpResponse.json({ count: 42 }))]`,
  ),
  contractHandlers: perCallSource(
    `const { contractHandlers } = await import('${contract}'); const handlers = contractHandlers()`,
  ),
}

const startSource = (root: string) => `
  const t0 = performance.now()
  const { startLocalServer } = await import('${url(root, 'dist/src/local/index.js')}')
  const server = await startLocalServer({ port: 0, log: () => undefined })
  const ms = performance.now() - t0
  const rssMiB = process.resourceUsage().maxRSS / 1024
  await server.close()
  console.log(JSON.stringify({ ms, rssMiB }))`

/** `npm start --silent` in `root` until its first line; the whole process group is stopped after. */
function npmStartMs(root: string): Promise<number> {
  const started = performance.now()
  const env = { ...process.env, PORT: '0', DATA_DIR: '', DATABASE_URL: '' }
  const child = spawn('npm', ['start', '--silent'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  })
  return new Promise((resolve, reject) => {
    child.once('error', reject)
    child.stdout.once('data', () => {
      resolve(performance.now() - started)
      process.kill(-child.pid!, 'SIGTERM')
    })
  })
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
const range = (values: number[], digits = 1) =>
  `median ${median(values).toFixed(digits)} (min ${Math.min(...values).toFixed(digits)}, max ${Math.max(...values).toFixed(digits)})`

/** Alternates the variants run by run, so load on the machine falls on both alike. */
function sideBySide<K extends string>(sources: Record<K, string>, n: number): Record<K, Record<string, number>[]> {
  const results = Object.fromEntries(Object.keys(sources).map((k) => [k, []])) as unknown as Record<
    K,
    Record<string, number>[]
  >
  for (let i = 0; i < n; i++) for (const key of Object.keys(sources) as K[]) results[key].push(runFresh(sources[key]))
  return results
}
const field = (records: Record<string, number>[], name: string) => records.map((r) => r[name]!)

for (const root of [repoRoot, beforeRoot])
  if (!existsSync(join(root, 'dist/src/local/index.js'))) throw new Error(`${root}/dist is missing: build it first`)

const readyRuns = sideBySide(readySources, runs)
const ready = {
  handWritten: field(readyRuns.handWritten, 'ms'),
  contractHandlers: field(readyRuns.contractHandlers, 'ms'),
}
console.log(`handler set ready (import + create), ${runs} fresh processes each, ms:`)
console.log(`  hand-written MSW handler   ${range(ready.handWritten)}`)
console.log(`  contractHandlers()         ${range(ready.contractHandlers)}`)
console.log(
  `  difference of medians      ${(median(ready.contractHandlers) - median(ready.handWritten)).toFixed(1)} ms`,
)
const first = {
  handWritten: field(readyRuns.handWritten, 'firstMs'),
  contractHandlers: field(readyRuns.contractHandlers, 'firstMs'),
}
console.log('first answer (ready, then msw/node listening and one call answered), same processes, ms:')
console.log(`  hand-written MSW handler   ${range(first.handWritten)}`)
console.log(`  contractHandlers()         ${range(first.contractHandlers)}`)
console.log(
  `  difference of medians      ${(median(first.contractHandlers) - median(first.handWritten)).toFixed(1)} ms`,
)

const perCallRuns = sideBySide(perCallSources, 3)
const perCall = {
  handWritten: field(perCallRuns.handWritten, 'usPerCall'),
  contractHandlers: field(perCallRuns.contractHandlers, 'usPerCall'),
}
console.log(`per call through msw/node (${calls} calls after 200 warm-up, 3 processes each), µs:`)
console.log(`  hand-written MSW handler   ${range(perCall.handWritten, 0)}`)
console.log(`  contractHandlers()         ${range(perCall.contractHandlers, 0)}`)
console.log(
  `  ratio of medians           ${(median(perCall.contractHandlers) / median(perCall.handWritten)).toFixed(2)}×`,
)

const start = { after: startSource(repoRoot), before: startSource(beforeRoot) }
const startRuns = sideBySide(start, runs)
const ms = { before: field(startRuns.before, 'ms'), after: field(startRuns.after, 'ms') }
const rss = { before: field(startRuns.before, 'rssMiB'), after: field(startRuns.after, 'rssMiB') }
console.log(`startLocalServer() in memory, import to ready, ${runs} fresh processes each:`)
console.log(`  before (${beforeRoot})  ${range(ms.before, 0)} ms, peak RSS ${range(rss.before, 0)} MiB`)
console.log(`  after  (this tree)      ${range(ms.after, 0)} ms, peak RSS ${range(rss.after, 0)} MiB`)
console.log(
  `  ratio after/before       ${(median(ms.after) / median(ms.before)).toFixed(2)}× time, ${(median(rss.after) / median(rss.before)).toFixed(2)}× RSS`,
)

const npmStart: Record<'before' | 'after', number[]> = { before: [], after: [] }
for (let i = 0; i < runs; i++) {
  npmStart.after.push(await npmStartMs(repoRoot))
  npmStart.before.push(await npmStartMs(beforeRoot))
}
console.log(`npm start (no DATA_DIR, no DATABASE_URL) to its first line, ${runs} runs each:`)
console.log(`  before (${beforeRoot})  ${range(npmStart.before, 0)} ms`)
console.log(`  after  (this tree)      ${range(npmStart.after, 0)} ms`)
console.log(`  ratio after/before       ${(median(npmStart.after) / median(npmStart.before)).toFixed(2)}×`)
