import { afterEach, expect, test } from 'vitest'
import { openSql, type Sql } from '../../../../src/store/sql.js'
import { claimDueDeliveries } from '../../../../src/webhook/engine/delivery/outbox.js'
import { prepareWebhookTables } from '../../../../src/webhook/engine/store/store-schema.js'
import { createTestDatabase } from '../../../local/support.js'
import { dumpedStore } from '../../../support/store-dump.js'

/**
 * A claim's cost is bounded by the rows it takes and the listeners it can serve now, whatever waits: not by one
 * listener's backlog, nor by the listeners whose rows wait in backoff, and whatever the planner knows of the tables
 * (before and after ANALYZE, as autovacuum runs it while an engine works). Its plan is read from EXPLAIN (ANALYZE,
 * BUFFERS) of the very statement the engine sends, with the engine's default limits.
 */
const MANY = 100_000
const LIMIT = 16
const PER_LISTENER = 4
/** Making 100,000 rows takes the embedded store a while under load. */
const SEEDING_MS = 90_000
/** Rows every scan of the claim may return, in all loops and over every table. */
const READ_BOUND = 32

const cleanups: (() => Promise<unknown>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

interface PlanNode {
  'Node Type': string
  'Relation Name'?: string
  'Actual Rows': number
  'Actual Loops': number
  Plans?: PlanNode[]
}

/** Rows every scan of a table returned, in all loops (a ModifyTable node names its table too, but reads nothing). */
const rowsRead = (node: PlanNode): number =>
  (node['Relation Name'] !== undefined && node['Node Type'] !== 'ModifyTable'
    ? node['Actual Rows'] * node['Actual Loops']
    : 0) + (node.Plans ?? []).reduce((sum, child) => sum + rowsRead(child), 0)

/** The claim as the engine sends it, explained and analyzed in a transaction rolled back. */
async function claimReads(sql: Sql): Promise<{ claimed: number; read: number }> {
  let plan: PlanNode | undefined
  const rolledBack = new Error('rolled back')
  await sql
    .transaction(async (tx) => {
      const explaining: Sql = {
        ...tx,
        query: async <Row>(text: string, params?: unknown[]) => {
          const { rows } = await tx.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
            `explain (analyze, buffers, format json) ${text}`,
            params,
          )
          plan = rows[0]!['QUERY PLAN'][0].Plan
          return { rows: [] as Row[] }
        },
      }
      await claimDueDeliveries(explaining, 'engine-1', 60_000, {
        limit: LIMIT,
        perListener: PER_LISTENER,
        inFlight: new Map(),
      })
      throw rolledBack
    })
    .catch((error: unknown) => {
      if (error !== rolledBack) throw error
    })
  return { claimed: plan!['Actual Rows'], read: rowsRead(plan!) }
}

/** Listeners `first`…`first + count - 1`, named l<n>, active. */
const addListeners = (sql: Sql, first: number, count: number) =>
  sql.query(
    `insert into webhook_listeners (id, project_id, url, filters, secret, created_at, updated_at)
     select 'l' || n, 1, 'http://127.0.0.1:9/hook', '{}', 'secret', now(), now()
     from generate_series($1::int, $2::int) as n`,
    [first, first + count - 1],
  )

/**
 * `count` pending rows for each listener l<n> of `listeners`, due `dueIn` from now, and each listener ready then: the
 * rows and the ready times the engine's statements leave (queued, or failed once and retried in an hour), made in
 * bulk, as 100,000 made one by one would take minutes.
 */
async function queue(sql: Sql, listeners: [number, number], count: number, dueIn: string): Promise<void> {
  await sql.query(
    `insert into webhook_outbox (uid, listener_id, chain_id, block_number, block_hash, body, state, next_attempt_at, created_at)
     select 'u' || n || '-' || i, 'l' || n, 137, 1, '0xb1', '{"type":"BLOCK_ADDED"}', 'pending', now() + $4::interval, now()
     from generate_series($1::int, $2::int) as n, generate_series(1, $3::int) as i`,
    [listeners[0], listeners[1], count, dueIn],
  )
  await sql.query(
    `insert into webhook_listener_ready (listener_id, ready_at)
     select 'l' || n, now() + $3::interval from generate_series($1::int, $2::int) as n`,
    [listeners[0], listeners[1], dueIn],
  )
}

const stores: [string, () => Promise<Sql>][] = [
  ['the embedded store', () => openSql({ dataDirDump: dumpedStore() })],
  ['PostgreSQL', async () => openSql({ databaseUrl: await createTestDatabase('claim_cost') })],
]

async function opened(open: () => Promise<Sql>): Promise<Sql> {
  const sql = await open()
  cleanups.push(() => sql.close())
  await prepareWebhookTables(sql)
  return sql
}

async function freshAndAnalyzed(sql: Sql) {
  const fresh = await claimReads(sql)
  await sql.query('analyze')
  return { fresh, analyzed: await claimReads(sql) }
}

test.each(stores)(
  `on %s, a claim reads a few rows of one listener with ${MANY} rows due`,
  async (_, open) => {
    const sql = await opened(open)
    await addListeners(sql, 1, 1)
    await queue(sql, [1, 1], MANY, '0')
    const bounded = { claimed: PER_LISTENER, read: expect.toSatisfy((read: number) => read <= READ_BOUND) }
    expect(await freshAndAnalyzed(sql)).toEqual({ fresh: bounded, analyzed: bounded })
  },
  SEEDING_MS,
)

test.each(stores)(
  `on %s, a claim reads a few rows beside ${MANY} listeners whose rows wait in backoff`,
  async (_, open) => {
    const sql = await opened(open)
    await addListeners(sql, 1, MANY + 1)
    await queue(sql, [1, MANY], 1, '1 hour')
    await queue(sql, [MANY + 1, MANY + 1], 1, '0')
    const bounded = { claimed: 1, read: expect.toSatisfy((read: number) => read <= READ_BOUND) }
    expect(await freshAndAnalyzed(sql)).toEqual({ fresh: bounded, analyzed: bounded })
  },
  SEEDING_MS,
)
