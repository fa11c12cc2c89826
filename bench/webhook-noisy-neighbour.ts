// A noisy neighbour: how long listeners with fast receivers wait for their deliveries while 10 listeners whose
// receivers answer after 300 ms hold 2,000 queued deliveries each, against a baseline measured in the same run:
// the same fast listeners and stream with no slow listener. The stream: a block every 100 ms holding one log for
// the next 5 of 50 fast listeners in turn (the workload of test/webhook/engine/delivery/fair-delivery.timed.test.ts).
// Latency runs from the moment injectBlock returns (the row is queued) to the moment the request reaches the
// receiver. One engine on a PostgreSQL server, default concurrency and per-listener cap (docs/limits.md); each case on a
// fresh database, the cases alternated, medians over the rounds.
// Run: npx tsx bench/webhook-noisy-neighbour.ts [rounds=3] [slow backlog per listener=2000] [fast blocks=100]
//      (starts a throwaway Debian PostgreSQL; needs root on Debian)
import { randomBytes } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import pg from 'pg'
import { getAddress } from 'viem'
import { openSql } from '../src/store/sql.js'
import { createWebhookEngine, type InjectedLog, type WebhookEngine } from '../src/webhook/index.js'
import { transferSingleLog } from '../test/webhook/support/logs.js'
import { startPostgres } from '../test/support/postgres-server.js'

const rounds = Number(process.argv[2] ?? 3)
const SLOW_BACKLOG = Number(process.argv[3] ?? 2_000)
const FAST_BLOCKS = Number(process.argv[4] ?? 100)
const SLOW_LISTENERS = 10
const SLOW_ANSWER_MS = 300
const FAST_LISTENERS = 50
const FAST_LOGS_PER_BLOCK = 5
const FAST_BLOCK_EVERY_MS = 100
/** How long after the last fast block a delivery may still arrive; one arriving later counts as never. */
const DRAIN_MS = 30_000
const ENGINE_SLOTS = 16
const POLYGON = 137
const EVENT = 'TransferSingle(address indexed,address indexed,address indexed,uint256,uint256)'
const HOLDER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

let tokenId = 0n
const mintOf = (contract: string): InjectedLog => {
  const { address, topics, data } = transferSingleLog(contract, HOLDER, HOLDER, HOLDER, ++tokenId, 1n)
  return { address, topics, data }
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!
const percentile = (sorted: number[], share: number) => sorted[Math.max(0, Math.ceil(share * sorted.length) - 1)]!

const fastArrivals = new Map<string, number>()
let slowArrivals = 0
const receiver = http.createServer((request, response) => {
  const arrivedAt = performance.now()
  request.resume()
  request.on('end', () => {
    if (request.url!.startsWith('/fast/')) {
      const uid = String(request.headers['webhook-id'])
      if (!fastArrivals.has(uid)) fastArrivals.set(uid, arrivedAt)
      response.writeHead(204).end()
    } else {
      slowArrivals++
      setTimeout(() => response.writeHead(204).end(), SLOW_ANSWER_MS)
    }
  })
})
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
const base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`

const postgres = await startPostgres()
if (typeof postgres === 'string') throw new Error(`no PostgreSQL for the benchmark: ${postgres}`)
const serverUrl = postgres.url
let databases = 0
async function freshDatabase(): Promise<string> {
  const name = `bench_noisy_${++databases}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  return serverUrl.replace(/\/[^/]*$/, `/${name}`)
}

/** The fast listeners' latencies (ms, sorted; Infinity: not received within DRAIN_MS), with or without slow ones. */
async function fastLatencies(withSlow: boolean): Promise<number[]> {
  const sql = await openSql({ databaseUrl: await freshDatabase() })
  const engine: WebhookEngine = await createWebhookEngine({ sql, allowPrivateTargets: true })
  const listen = async (kind: 'slow' | 'fast', index: number) => {
    const contract = getAddress(`0x${randomBytes(20).toString('hex')}`)
    await engine.addListener(1, {
      url: `${base}/${kind}/${index}`,
      filters: { contractAddresses: [contract], events: [EVENT] },
    })
    return contract
  }
  const slowContracts = withSlow
    ? await Promise.all(Array.from({ length: SLOW_LISTENERS }, (_, i) => listen('slow', i)))
    : []
  const fastContracts = await Promise.all(Array.from({ length: FAST_LISTENERS }, (_, i) => listen('fast', i)))
  const perBlock = 100
  for (let queued = 0; withSlow && queued < SLOW_BACKLOG; queued += perBlock) {
    const logs = Math.min(perBlock, SLOW_BACKLOG - queued)
    await engine.injectBlock(
      POLYGON,
      slowContracts.flatMap((contract) => Array.from({ length: logs }, () => mintOf(contract))),
    )
  }
  await engine.start()
  const slowBefore = slowArrivals
  while (withSlow && slowArrivals < slowBefore + Math.min(ENGINE_SLOTS, SLOW_LISTENERS * SLOW_BACKLOG)) await sleep(10)

  const queuedAt = new Map<string, number>()
  for (let block = 0; block < FAST_BLOCKS; block++) {
    const started = performance.now()
    const turn = Array.from(
      { length: FAST_LOGS_PER_BLOCK },
      (_, i) => (block * FAST_LOGS_PER_BLOCK + i) % FAST_LISTENERS,
    )
    const { uids } = await engine.injectBlock(
      POLYGON,
      turn.map((listener) => mintOf(fastContracts[listener]!)),
    )
    const committed = performance.now()
    for (const uid of uids) queuedAt.set(uid, committed)
    await sleep(Math.max(0, started + FAST_BLOCK_EVERY_MS - performance.now()))
  }
  const deadline = performance.now() + DRAIN_MS
  while ([...queuedAt.keys()].some((uid) => !fastArrivals.has(uid)) && performance.now() < deadline) await sleep(10)
  await engine.stop()
  await sql.close()
  return [...queuedAt]
    .map(([uid, at]) => (fastArrivals.get(uid) ?? Number.POSITIVE_INFINITY) - at)
    .sort((a, b) => a - b)
}

try {
  const alone: { p50: number; p99: number }[] = []
  const noisy: { p50: number; p99: number }[] = []
  const summary = (latencies: number[]) => ({ p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99) })
  for (let round = 0; round < rounds; round++) {
    // Alternated so that neither case always runs on the warmer process.
    const order = round % 2 === 0 ? [false, true] : [true, false]
    for (const withSlow of order) (withSlow ? noisy : alone).push(summary(await fastLatencies(withSlow)))
  }
  const ms = (value: number) => (Number.isFinite(value) ? `${Math.round(value)} ms` : 'never')
  const ratio = (ours: number, baseline: number) => (Number.isFinite(ours) ? `${(ours / baseline).toFixed(2)}×` : '∞')
  const [p50Alone, p99Alone] = [median(alone.map((r) => r.p50)), median(alone.map((r) => r.p99))]
  const [p50Noisy, p99Noisy] = [median(noisy.map((r) => r.p50)), median(noisy.map((r) => r.p99))]
  console.log(
    `| case (${FAST_LISTENERS} fast listeners, ${FAST_LOGS_PER_BLOCK} logs per ${FAST_BLOCK_EVERY_MS} ms block, ${FAST_BLOCKS} blocks; ${rounds} rounds, medians) | fast p50 | fast p99 | p50 ÷ alone | p99 ÷ alone |\n|---|---:|---:|---:|---:|`,
  )
  console.log(`| fast listeners alone | ${ms(p50Alone)} | ${ms(p99Alone)} | 1.00× | 1.00× |`)
  console.log(
    `| beside ${SLOW_LISTENERS} slow listeners (${SLOW_ANSWER_MS} ms answers, ${SLOW_BACKLOG.toLocaleString('en')} queued each) | ${ms(p50Noisy)} | ${ms(p99Noisy)} | ${ratio(p50Noisy, p50Alone)} | ${ratio(p99Noisy, p99Alone)} |`,
  )
} finally {
  postgres.stop()
  receiver.closeAllConnections()
  receiver.close()
}
