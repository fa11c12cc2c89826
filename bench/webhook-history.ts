// Delivery history kept by day, in one run on one PostgreSQL server:
// 1. bytes kept per delivery: what the engine's delivery tables (every partition and index) grow by over N real
//    deliveries (queued by injected blocks, delivered to a receiver that answers at once), and the same rows
//    copied into fresh day tables of the history against a copy into the unpartitioned layout of before;
// 2. enqueue and claim rates of the engine's own statements with RETAINED finished deliveries (and one attempt
//    each) kept over the retention's days, against an empty store. The retained rows are written by
//    generate_series straight into the history's day tables, so filling takes minutes, not days.
// Run: npx tsx bench/webhook-history.ts [retained] [deliveries] [rounds]
//   (defaults 10,000,000, 6,000 and 3; starts a throwaway Debian PostgreSQL; needs root on Debian)
import pg from 'pg'
import { openSql, type Sql } from '../src/store/sql.js'
import { recordAttemptOutcomes } from '../src/webhook/engine/delivery/attempts.js'
import { claimDueDeliveries, enqueueDeliveries, type NewDelivery } from '../src/webhook/engine/delivery/outbox.js'
import { createDayPartitions, DAY_MS, HISTORY_TABLES } from '../src/webhook/engine/store/history-partitions.js'
import { DEFAULT_HISTORY_RETENTION_MS } from '../src/webhook/engine/store/history-retention.js'
import { prepareWebhookTables, webhookMigrationSteps } from '../src/webhook/engine/store/store-schema.js'
import { createWebhookEngine } from '../src/webhook/index.js'
import { startPostgres } from '../test/support/postgres-server.js'
import { streamFilters, streamMint } from '../test/webhook/support/logs.js'
import { unversionedLayoutStatements } from '../test/webhook/support/unversioned-store-layout.js'
import { startCountingReceiver } from './support/counting-receiver.js'

const RETAINED = Number(process.argv[2] ?? 10_000_000)
const DELIVERIES = Number(process.argv[3] ?? 6_000)
const rounds = Number(process.argv[4] ?? 3)
/** Deliveries queued and then claimed per timed round, in batches as a block's logs are. */
const WORK = 20_000
const BATCH = 200
const LISTENER = 'bench-listener'
/** Where a delivery's rows are, pending or finished. */
const DELIVERY_TABLES = ['webhook_outbox', 'webhook_history', 'webhook_attempts']

const postgres = await startPostgres()
if (typeof postgres === 'string') throw new Error(`no PostgreSQL for the benchmark: ${postgres}`)
try {
  const admin = new pg.Client({ connectionString: postgres.url })
  await admin.connect()
  let databases = 0
  const freshDatabase = async () => {
    const name = `bench_history_${databases++}`
    await admin.query(`CREATE DATABASE ${name}`)
    return openSql({ databaseUrl: postgres.url.replace(/\/[^/]*$/, `/${name}`) })
  }

  const bytes = await bytesPerDelivery(await freshDatabase())
  const kB = (value: number) => `${(value / 1000).toFixed(2)} kB`
  console.log(
    `| bytes kept per delivery (${DELIVERIES.toLocaleString('en')} delivered) | per delivery | ÷ unpartitioned |`,
  )
  console.log(`|---|---:|---:|`)
  console.log(`| as the engine left them (updates' dead versions included) | ${kB(bytes.engine)} | |`)
  console.log(
    `| the same rows copied into the day tables | ${kB(bytes.partitioned)} | ${(bytes.partitioned / bytes.unpartitioned).toFixed(2)} |`,
  )
  console.log(`| the same rows copied into the unpartitioned layout | ${kB(bytes.unpartitioned)} | 1.00 |`)

  const empty = await storeWithListener(await freshDatabase())
  const retained = await storeWithListener(await freshDatabase())
  const started = performance.now()
  await fillHistory(retained, RETAINED)
  console.error(
    `filled ${RETAINED.toLocaleString('en')} finished deliveries in ${Math.round((performance.now() - started) / 1000)} s`,
  )
  const rates = {
    empty: { enqueue: [] as number[], claim: [] as number[] },
    retained: { enqueue: [] as number[], claim: [] as number[] },
  }
  for (let round = 0; round < rounds; round++) {
    for (const [name, sql] of [
      ['empty', empty],
      ['retained', retained],
    ] as const) {
      const { enqueue, claim } = await workRates(sql, round)
      rates[name].enqueue.push(enqueue)
      rates[name].claim.push(claim)
    }
  }
  const best = (values: number[]) => Math.max(...values)
  const perSecond = (rate: number) => Math.round(rate).toLocaleString('en')
  console.log(
    `\n| rows/s (best of ${rounds}) | empty store | ${RETAINED.toLocaleString('en')} finished retained | retained ÷ empty |`,
  )
  console.log(`|---|---:|---:|---:|`)
  for (const step of ['enqueue', 'claim'] as const) {
    const [a, b] = [best(rates.empty[step]), best(rates.retained[step])]
    console.log(
      `| ${step} (${rates.retained[step].map(perSecond).join(', ')}) | ${perSecond(a)} | ${perSecond(b)} | ${(b / a).toFixed(2)} |`,
    )
  }
  await Promise.all([empty.close(), retained.close()])
  await admin.end()
} finally {
  postgres.stop()
}

async function storeWithListener(sql: Sql): Promise<Sql> {
  await prepareWebhookTables(sql)
  await sql.query(
    `insert into webhook_listeners (id, project_id, chain_id, url, filters, secret, created_at, updated_at)
     values ($1, 1, 1, 'http://127.0.0.1:9/hook', '{}', 'secret', now(), now())`,
    [LISTENER],
  )
  return sql
}

async function bytesOf(sql: Sql, tables: string[]): Promise<number> {
  const { rows } = await sql.query<{ bytes: string }>(
    `select coalesce(sum(pg_total_relation_size(relid)), 0) as bytes
     from (select relid from unnest($1::regclass[]) as t (root), lateral pg_partition_tree(root)
           union select root from unnest($1::regclass[]) as t (root)) as parts`,
    [tables],
  )
  return Number(rows[0]!.bytes)
}

/**
 * What the history tables grow by per delivery: after N real deliveries through the engine, and with the same
 * rows copied into fresh tables of both layouts (each made in a schema of its own), so the layouts compare
 * without the dead row versions the engine's updates leave until vacuum reuses them.
 */
async function bytesPerDelivery(sql: Sql): Promise<{ engine: number; partitioned: number; unpartitioned: number }> {
  const receiver = await startCountingReceiver()
  const { url } = receiver
  const engine = await createWebhookEngine({
    sql,
    allowPrivateTargets: true,
    concurrency: 32,
    perListenerConcurrency: 32,
    idlePollMs: 5,
  })
  await engine.addListener(1, { url, filters: streamFilters() })
  const empty = await bytesOf(sql, DELIVERY_TABLES)
  await engine.start()
  let tokenId = 0n
  for (let queued = 0; queued < DELIVERIES; queued += BATCH) {
    await engine.injectBlock(
      1,
      Array.from({ length: Math.min(BATCH, DELIVERIES - queued) }, () => {
        const { address, topics, data } = streamMint(tokenId++)
        return { address, topics, data }
      }),
    )
  }
  while (receiver.answered() < DELIVERIES) await new Promise((resolve) => setTimeout(resolve, 20))
  await engine.stop()
  receiver.close()
  await sql.query('vacuum analyze')
  const result = {
    engine: ((await bytesOf(sql, DELIVERY_TABLES)) - empty) / DELIVERIES,
    partitioned: 0,
    unpartitioned: 0,
  }

  // Where each layout keeps finished deliveries and their attempts.
  const layouts = {
    partitioned: {
      tables: ['webhook_history', 'webhook_attempts'],
      create: async (tx: Sql) => {
        for (const step of webhookMigrationSteps) for (const statement of step.statements) await tx.query(statement)
      },
    },
    unpartitioned: {
      tables: ['webhook_outbox', 'webhook_attempts'],
      create: async (tx: Sql) => {
        for (const statement of unversionedLayoutStatements) await tx.query(statement)
      },
    },
  }
  const columnsOf = async (schema: string, table: string) =>
    (
      await sql.query<{ column_name: string }>(
        `select column_name from information_schema.columns where table_schema = $1 and table_name = $2 and column_name <> 'id'`,
        [schema, table],
      )
    ).rows.map((row) => row.column_name)
  for (const [schema, { tables, create }] of Object.entries(layouts) as [
    keyof typeof layouts,
    (typeof layouts)[keyof typeof layouts],
  ][]) {
    await sql.query(`create schema ${schema}`)
    await sql.transaction(async (tx) => {
      await tx.query(`set local search_path = ${schema}`)
      await create(tx)
    })
    const qualified = tables.map((table) => `${schema}.${table}`)
    const before = await bytesOf(sql, qualified)
    for (const table of tables) {
      const source = table === 'webhook_attempts' ? table : 'webhook_history'
      const sourceColumns = new Set(await columnsOf('public', source))
      const columns = (await columnsOf(schema, table)).filter((column) => sourceColumns.has(column)).join(', ')
      // The unpartitioned outbox needs a next attempt's time, which a finished delivery no longer keeps.
      const [next, nextValue] = table === 'webhook_outbox' ? [', next_attempt_at', ', finished_at'] : ['', '']
      await sql.query(
        `insert into ${schema}.${table} (${columns}${next}) select ${columns}${nextValue} from public.${source}`,
      )
    }
    await sql.query('vacuum analyze')
    result[schema] = ((await bytesOf(sql, qualified)) - before) / DELIVERIES
  }
  await sql.close()
  return result
}

/** `count` delivered rows with one attempt each, spread over the retention's days, written in SQL. */
async function fillHistory(sql: Sql, count: number): Promise<void> {
  const days = Math.floor(DEFAULT_HISTORY_RETENTION_MS / DAY_MS) - 1
  const { rows } = await sql.query<{ now: Date }>('select now()')
  const now = rows[0]!.now.getTime()
  const dayList = Array.from({ length: days }, (_, i) => now - (i + 1) * DAY_MS)
  for (const [table, time] of Object.entries(HISTORY_TABLES)) await createDayPartitions(sql, table, time, dayList)
  const body = JSON.stringify({ padding: 'x'.repeat(900) })
  const chunk = 1_000_000
  for (let first = 1; first <= count; first += chunk) {
    const last = Math.min(count, first + chunk - 1)
    await sql.query(
      `insert into webhook_history (uid, listener_id, chain_id, block_number, block_hash, body, state, attempts,
         last_status, created_at, finished_at, retry_from)
       select '0x' || lpad(to_hex(g), 64, '0'), $3, 1, g, '0x' || md5(g::text) || md5(g::text), $4, 'delivered', 1,
              204, t, t + interval '50 ms', 0
       from generate_series($1::bigint, $2::bigint) as g,
            lateral (select now() - ((g % $5) + 1) * interval '1 day' + (g % 86400000) * interval '1 ms' / 1000 as t) as time`,
      [first, last, LISTENER, body, days],
    )
    await sql.query(
      `insert into webhook_attempts (uid, listener_id, attempt, at, status, duration_ms)
       select '0x' || lpad(to_hex(g), 64, '0'), $3, 1,
              now() - ((g % $4) + 1) * interval '1 day' + (g % 86400000) * interval '1 ms' / 1000 + interval '10 ms', 204, 7
       from generate_series($1::bigint, $2::bigint) as g`,
      [first, last, LISTENER, days],
    )
  }
  await sql.query('vacuum analyze')
}

/** WORK new deliveries queued in batches (enqueue rate), then claimed and recorded delivered (claim rate). */
async function workRates(sql: Sql, round: number): Promise<{ enqueue: number; claim: number }> {
  const deliveries: NewDelivery[] = Array.from({ length: WORK }, (_, i) => ({
    uid: `0xbench${round}-${i}`,
    listenerId: LISTENER,
    chainId: 1,
    blockNumber: i,
    blockHash: '0x' + 'e'.repeat(64),
    body: JSON.stringify({ padding: 'x'.repeat(900) }),
    state: 'pending',
  }))
  let started = performance.now()
  for (let i = 0; i < WORK; i += BATCH)
    await sql.transaction((tx) => enqueueDeliveries(tx, deliveries.slice(i, i + BATCH)))
  const enqueue = WORK / ((performance.now() - started) / 1000)
  started = performance.now()
  for (let claimed = 0; claimed < WORK;) {
    const { deliveries: taken } = await claimDueDeliveries(sql, 'bench', 60_000, {
      limit: 100,
      perListener: 100,
      inFlight: new Map(),
    })
    if (taken.length === 0) throw new Error(`only ${claimed} of ${WORK} deliveries were due`)
    const at = Date.now()
    await recordAttemptOutcomes(
      sql,
      'bench',
      taken.map(({ uid, listenerId, attempt }) => ({
        attempt: { uid, listenerId, attempt, at, status: 204, error: undefined, durationMs: 1 },
        outcome: { state: 'delivered' },
        receiverHealthy: true,
      })),
      at,
    )
    claimed += taken.length
  }
  return { enqueue, claim: WORK / ((performance.now() - started) / 1000) }
}
