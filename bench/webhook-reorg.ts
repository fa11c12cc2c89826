// BLOCK_REMOVED under load, in one run on one PostgreSQL server (and the embedded store for the second case):
// 1. delivery throughput of a backlog of 6,000 deliveries to one listener, of which 1,000 (17%) are BLOCK_REMOVED
//    (queued by a reorg of 1,000 delivered logs), against a backlog of 6,000 BLOCK_ADDED to the same one listener
//    after the same 1,000 delivered logs (kept, not reorged), alternated over rounds;
// 2. a reorg of depth 5 over 1,000 delivered logs: from reorgInjectedBlocks to the last BLOCK_REMOVED answered by
//    a receiver that answers at once.
// Blocks are injected (engine.injectBlock), through the same steps a followed chain's blocks take.
// Run: npx tsx bench/webhook-reorg.ts [rounds]   (starts a throwaway Debian PostgreSQL; needs root on Debian)
import pg from 'pg'
import { openSql, type Sql } from '../src/store/sql.js'
import { createWebhookEngine, type WebhookEngine } from '../src/webhook/index.js'
import { streamFilters, streamMint } from '../test/webhook/support/logs.js'
import { startPostgres } from '../test/support/postgres-server.js'
import { startCountingReceiver } from './support/counting-receiver.js'

const BACKLOG = 6_000
const REMOVALS = 1_000
const LOGS_PER_BLOCK = 200
const CONCURRENCY = 32
const engineOptions = {
  allowPrivateTargets: true,
  concurrency: CONCURRENCY,
  perListenerConcurrency: CONCURRENCY,
  idlePollMs: 5,
}
const rounds = Number(process.argv[2] ?? 3)

const receiver = await startCountingReceiver()
const { url } = receiver

let chainId = 1
let tokenId = 0n
const blockOfLogs = (count: number) =>
  Array.from({ length: count }, () => {
    const { address, topics, data } = streamMint(tokenId++)
    return { address, topics, data }
  })

const postgres = await startPostgres()
if (typeof postgres === 'string') throw new Error(`no PostgreSQL for the benchmark: ${postgres}`)
try {
  const admin = new pg.Client({ connectionString: postgres.url })
  await admin.connect()
  let databases = 0
  const freshDatabase = async () => {
    const name = `bench_reorg_${databases++}`
    await admin.query(`CREATE DATABASE ${name}`)
    return openSql({ databaseUrl: postgres.url.replace(/\/[^/]*$/, `/${name}`) })
  }

  const added: number[] = []
  const mixed: number[] = []
  for (let round = 0; round < rounds; round++) {
    added.push(await backlogRate(await freshDatabase(), 0))
    mixed.push(await backlogRate(await freshDatabase(), REMOVALS))
  }
  const best = (rates: number[]) => Math.max(...rates)
  const perSecond = (rate: number) => Math.round(rate).toLocaleString('en')
  console.log(`| case (one listener) | deliveries/s per round | best | ours ÷ BLOCK_ADDED only |\n|---|---|---:|---:|`)
  console.log(
    `| ${BACKLOG.toLocaleString('en')} BLOCK_ADDED | ${added.map(perSecond).join(', ')} | ${perSecond(best(added))} | 1.00 |`,
  )
  console.log(
    `| ${(BACKLOG - REMOVALS).toLocaleString('en')} BLOCK_ADDED + ${REMOVALS.toLocaleString('en')} BLOCK_REMOVED | ${mixed.map(perSecond).join(', ')} | ${perSecond(best(mixed))} | ${(best(mixed) / best(added)).toFixed(2)} |`,
  )
  for (const [name, open] of [
    ['PostgreSQL', freshDatabase],
    ['embedded PGlite', () => openSql()],
  ] as const) {
    const times: number[] = []
    for (let round = 0; round < rounds; round++) times.push(await compensation(await open()))
    console.log(
      `| reorg of depth 5 over ${REMOVALS.toLocaleString('en')} delivered logs, ${name} | all BLOCK_REMOVED answered after ${times.map((ms) => `${Math.round(ms).toLocaleString('en')} ms`).join(', ')} |`,
    )
  }
  await admin.end()
} finally {
  postgres.stop()
  receiver.close()
}

/** An engine over `sql`; the first one on a database registers the benchmark's one listener, later ones load it. */
async function engineOn(sql: Sql, registerListener: boolean): Promise<WebhookEngine> {
  const engine = await createWebhookEngine({ sql, ...engineOptions })
  if (registerListener) await engine.addListener(1, { url, filters: streamFilters() })
  return engine
}

async function settled(sql: Sql): Promise<boolean> {
  return (
    Number(
      (await sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM webhook_outbox WHERE state = 'pending'`)).rows[0]!
        .n,
    ) === 0
  )
}

async function untilSettled(sql: Sql): Promise<void> {
  while (!(await settled(sql))) await new Promise((resolve) => setTimeout(resolve, 5))
}

/**
 * One listener; REMOVALS logs delivered first (untimed) in both cases. Then a backlog of BACKLOG deliveries is
 * queued while no engine delivers: with `removals`, a reorg of those delivered blocks queues `removals`
 * BLOCK_REMOVED and new blocks the other BACKLOG - `removals` BLOCK_ADDED; without, BACKLOG BLOCK_ADDED. Timed:
 * the whole backlog, from the engine's start to the last answer.
 */
async function backlogRate(sql: Sql, removals: number): Promise<number> {
  const chain = chainId++
  const first = await engineOn(sql, true)
  await first.start()
  for (let queued = 0; queued < REMOVALS; queued += LOGS_PER_BLOCK)
    await first.injectBlock(chain, blockOfLogs(LOGS_PER_BLOCK))
  await untilSettled(sql)
  await first.stop()
  const queuer = await engineOn(sql, false)
  if (removals > 0) await queuer.reorgInjectedBlocks(chain, removals / LOGS_PER_BLOCK)
  for (let queued = removals; queued < BACKLOG; queued += LOGS_PER_BLOCK)
    await queuer.injectBlock(chain, blockOfLogs(LOGS_PER_BLOCK))
  const before = receiver.answered()
  const started = performance.now()
  await queuer.start()
  await untilSettled(sql)
  const elapsed = performance.now() - started
  if (receiver.answered() - before !== BACKLOG)
    throw new Error(`${receiver.answered() - before} deliveries answered, not ${BACKLOG}`)
  await queuer.stop()
  await sql.close()
  return BACKLOG / (elapsed / 1000)
}

/** 1,000 logs in 5 blocks delivered, then the 5 blocks dropped: the time until every BLOCK_REMOVED is answered. */
async function compensation(sql: Sql): Promise<number> {
  const chain = chainId++
  const engine = await engineOn(sql, true)
  await engine.start()
  for (let block = 0; block < 5; block++) await engine.injectBlock(chain, blockOfLogs(REMOVALS / 5))
  await untilSettled(sql)
  const before = receiver.answered()
  const started = performance.now()
  const { removals } = await engine.reorgInjectedBlocks(chain, 5)
  if (removals.length !== REMOVALS) throw new Error(`${removals.length} BLOCK_REMOVED queued, not ${REMOVALS}`)
  await untilSettled(sql)
  const elapsed = performance.now() - started
  if (receiver.answered() - before !== REMOVALS)
    throw new Error(`${receiver.answered() - before} answered, not ${REMOVALS}`)
  await engine.stop()
  await sql.close()
  return elapsed
}
