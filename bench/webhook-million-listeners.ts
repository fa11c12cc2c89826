// One chain with 1,000,000 listeners, loaded from PostgreSQL by a new engine: start to ready, resident memory
// after ready, and logs through the engine's matching per CPU-second, against a baseline of 10,000 listeners
// of the same mix in the same run (measured before and after, each engine a fresh process). The listeners'
// filters: bench/sizing/listener-workload.ts. Logs reach the engine through its sink, as a followed chain's do,
// in blocks of 200: a mix, half of them on a watched contract, and logs on unwatched contracts only (what most
// of a chain's logs are to its listeners). The sink's transaction stores nothing (every query answers no rows),
// so the figures are the engine's own work per log: matching, and a payload built and checked for each match. Writes its figures to bench/sizing/unit-costs.json for the sizing calculator (bench/sizing.ts).
// Run: npx tsx bench/webhook-million-listeners.ts [listeners] [baseline listeners] [logs per pass]
//      (defaults 1000000 10000 20000; starts a throwaway Debian PostgreSQL, needs root on Debian)
import { fork } from 'node:child_process'
import { pad, toHex, type Hex } from 'viem'
import { openSql, type Sql } from '../src/store/sql.js'
import { validateWebhookPayload } from '../src/validate/index.js'
import { createWebhookEngine, type LogSink, type SourceLog } from '../src/webhook/index.js'
import { startPostgres } from '../test/support/postgres-server.js'
import { freshDatabase } from './sizing/database-usage.js'
import { ListenerWorkload } from './sizing/listener-workload.js'
import { seedListeners } from './sizing/seed-listeners.js'
import { measurement, writeUnitCosts } from './sizing/unit-costs.js'

const CHAIN_ID = 1
const LOGS_PER_BLOCK = 200
const PASSES = 7

interface EngineFigures {
  listeners: number
  readyMs: number
  rssBytes: number
  peakRssBytes: number
  logsPerCpuSecond: number
  logsPerSecond: number
  unwatchedLogsPerCpuSecond: number
  matchesPerLog: number
}

async function main() {
  const listeners = Number(process.argv[2] ?? 1_000_000)
  const baseline = Number(process.argv[3] ?? 10_000)
  const logs = Number(process.argv[4] ?? 20_000)
  const postgres = await startPostgres()
  if (typeof postgres === 'string') throw new Error(`no PostgreSQL for the benchmark: ${postgres}`)
  try {
    const urls = new Map<number, string>()
    for (const count of [baseline, listeners]) {
      const url = await freshDatabase(postgres.url, `bench_listeners_${count}`)
      const started = performance.now()
      await seedListeners(url, new ListenerWorkload(count), CHAIN_ID, 'http://127.0.0.1:9/hook')
      console.log(`${count.toLocaleString('en')} listeners stored in ${Math.round(performance.now() - started)} ms`)
      urls.set(count, url)
    }
    const before = await inEngineProcess(urls.get(baseline)!, baseline, logs)
    const ours = await inEngineProcess(urls.get(listeners)!, listeners, logs)
    const after = await inEngineProcess(urls.get(baseline)!, baseline, logs)
    const base = (pick: (figures: EngineFigures) => number) => (pick(before) + pick(after)) / 2
    const row = (what: string, pick: (figures: EngineFigures) => number, unit: (value: number) => string) =>
      console.log(
        `| ${what} | ${unit(pick(before))} / ${unit(pick(after))} | ${unit(pick(ours))} | ${(pick(ours) / base(pick)).toFixed(2)} |`,
      )
    const ms = (value: number) => `${Math.round(value).toLocaleString('en')} ms`
    const mib = (value: number) => `${Math.round(value / 2 ** 20).toLocaleString('en')} MiB`
    const rate = (value: number) => Math.round(value).toLocaleString('en')
    console.log(
      `| one chain, ${listeners.toLocaleString('en')} listeners loaded from PostgreSQL | baseline: ${baseline.toLocaleString('en')} listeners (before / after) | ours | ours ÷ baseline |\n|---|---:|---:|---:|`,
    )
    row('engine start to ready (createWebhookEngine + start)', (f) => f.readyMs, ms)
    row('RSS after ready (after a full GC)', (f) => f.rssBytes, mib)
    row('peak RSS while loading', (f) => f.peakRssBytes, mib)
    row(
      `logs per CPU-second, half on watched contracts (median of ${PASSES} passes of ${logs.toLocaleString('en')})`,
      (f) => f.logsPerCpuSecond,
      rate,
    )
    row(`the same, logs per second of wall time (best pass)`, (f) => f.logsPerSecond, rate)
    row(
      'matches per log',
      (f) => f.matchesPerLog,
      (value) => value.toFixed(2),
    )
    row('logs on unwatched contracts per CPU-second (median)', (f) => f.unwatchedLogsPerCpuSecond, rate)
    writeUnitCosts({
      listeners: {
        ...measurement(`npx tsx bench/webhook-million-listeners.ts ${listeners} ${baseline} ${logs}`),
        listeners,
        baselineListeners: baseline,
        readyMs: ours.readyMs,
        baselineReadyMs: base((f) => f.readyMs),
        rssBytes: ours.rssBytes,
        baselineRssBytes: base((f) => f.rssBytes),
        peakRssBytes: ours.peakRssBytes,
        baselinePeakRssBytes: base((f) => f.peakRssBytes),
        logsPerCpuSecond: ours.logsPerCpuSecond,
        baselineLogsPerCpuSecond: base((f) => f.logsPerCpuSecond),
        unwatchedLogsPerCpuSecond: ours.unwatchedLogsPerCpuSecond,
        baselineUnwatchedLogsPerCpuSecond: base((f) => f.unwatchedLogsPerCpuSecond),
        matchesPerLog: ours.matchesPerLog,
      },
    })
  } finally {
    postgres.stop()
  }
}

function inEngineProcess(url: string, listeners: number, logs: number): Promise<EngineFigures> {
  const child = fork(import.meta.filename, ['engine', url, String(listeners), String(logs)], {
    execArgv: [...process.execArgv, '--expose-gc'],
  })
  return new Promise((resolve, reject) => {
    child.once('message', (figures) => resolve(figures as EngineFigures))
    child.once('exit', (code) => reject(new Error(`the engine process exited with ${code} before its figures`)))
  })
}

/** In a fresh process: an engine made over the stored listeners, then the matching workload through its sink. */
async function engineFigures(url: string, listeners: number, logs: number): Promise<EngineFigures> {
  const sql = await openSql({ databaseUrl: url })
  let sink: LogSink | undefined
  let matches = 0
  const started = performance.now()
  const engine = await createWebhookEngine({
    sql,
    allowPrivateTargets: true,
    validatePayload: (payload) => {
      matches++
      return validateWebhookPayload(payload)
    },
    sources: [
      (_sql, engineSink) => {
        sink = engineSink
        return { start() {}, stop: async () => {} }
      },
    ],
  })
  await engine.start()
  const readyMs = performance.now() - started
  if (engine.activeListeners !== listeners)
    throw new Error(`the engine loaded ${engine.activeListeners} listeners, not ${listeners}`)
  globalThis.gc!()
  const rssBytes = process.memoryUsage().rss
  const peakRssBytes = process.resourceUsage().maxRSS * 1024

  const workload = new ListenerWorkload(listeners)
  // The mix (log n of the workload), and logs that match nothing: the workload's even ones, on unwatched contracts.
  const mixed = blocksOf(workload, logs, (n) => n)
  const unwatched = blocksOf(workload, logs, (n) => 2 * n)
  const mixedRates = await throughSink(sink!, mixed, logs)
  const unwatchedRates = await throughSink(sink!, unwatched, logs)
  const matchesPerLog = matches / ((PASSES + 1) * logs)
  await engine.stop()
  await sql.close()
  return {
    listeners,
    readyMs,
    rssBytes,
    peakRssBytes,
    logsPerCpuSecond: mixedRates.perCpuSecond,
    logsPerSecond: mixedRates.perSecond,
    unwatchedLogsPerCpuSecond: unwatchedRates.perCpuSecond,
    matchesPerLog,
  }
}

function blocksOf(workload: ListenerWorkload, logs: number, logNumber: (n: number) => number): SourceLog[][] {
  const blocks: SourceLog[][] = []
  for (let n = 0; n < logs; n += LOGS_PER_BLOCK)
    blocks.push(
      Array.from({ length: LOGS_PER_BLOCK }, (_, k) => withBlockFacts(workload, logNumber(n + k), n / LOGS_PER_BLOCK)),
    )
  return blocks
}

/**
 * The blocks through the sink, a block per call as a followed chain's: a warm-up pass, then PASSES timed in CPU
 * time (process.cpuUsage: this process's threads, garbage collector included, which does not count the time
 * other processes hold the cores) and in wall time. The median CPU pass and the best wall pass.
 */
async function throughSink(sink: LogSink, blocks: SourceLog[][], logs: number) {
  const pass = async () => {
    for (const block of blocks) await sink.enqueue(storesNothing, CHAIN_ID, block)
  }
  await pass()
  const cpuRates: number[] = []
  const wallRates: number[] = []
  for (let i = 0; i < PASSES; i++) {
    const cpuStarted = process.cpuUsage()
    const wallStarted = performance.now()
    await pass()
    const cpu = process.cpuUsage(cpuStarted)
    wallRates.push(logs / ((performance.now() - wallStarted) / 1000))
    cpuRates.push(logs / ((cpu.user + cpu.system) / 1e6))
  }
  return { perCpuSecond: [...cpuRates].sort((a, b) => a - b)[PASSES >> 1]!, perSecond: Math.max(...wallRates) }
}

/** A transaction in which every query answers no rows: the sink matches and builds payloads, and stores nothing. */
const storesNothing: Sql = {
  query: async <Row>() => ({ rows: [] as Row[] }),
  transaction: (work) => work(storesNothing),
  close: async () => {},
}

function withBlockFacts(workload: ListenerWorkload, n: number, block: number): SourceLog {
  const word = (value: number): Hex => pad(toHex(value))
  return {
    ...workload.log(n),
    blockNumber: 1_000 + block,
    blockHash: word(1_000 + block),
    parentBlockHash: word(999 + block),
    blockTimestamp: 1_700_000_000 + block,
    transactionHash: word(1e9 + n),
    transactionIndex: n % LOGS_PER_BLOCK,
    txnLogIndex: 0,
  }
}

if (process.argv[2] === 'engine') {
  const figures = await engineFigures(process.argv[3]!, Number(process.argv[4]), Number(process.argv[5]))
  process.send!(figures, () => process.exit(0))
} else {
  await main()
}
