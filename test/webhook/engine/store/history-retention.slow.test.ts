import { afterAll, describe, expect, test } from 'vitest'
import { dumpedStore } from '../../../support/store-dump.js'
import { openSql, type Sql } from '../../../../src/store/sql.js'
import { normaliseFilters } from '../../../../src/webhook/engine/listeners/filters.js'
import { recordAttemptOutcomes } from '../../../../src/webhook/engine/delivery/attempts.js'
import { enqueueDeliveries, markBlocksReorged } from '../../../../src/webhook/engine/delivery/outbox.js'
import { DAY_MS, DAYS_AHEAD, partitionsOf } from '../../../../src/webhook/engine/store/history-partitions.js'
import { removeExpiredHistory } from '../../../../src/webhook/engine/store/history-retention.js'
import { prepareWebhookTables } from '../../../../src/webhook/engine/store/store-schema.js'
import { createWebhookEngine } from '../../../../src/webhook/index.js'
import { createTestDatabase } from '../../../local/support.js'

const LISTENER = 'retained-listener'
const CONTRACT = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const TRANSFER = 'Transfer(address indexed from, address indexed to, uint256 value)'
const uid = (n: number) => '0x' + n.toString(16).padStart(64, '0')

const stores: { name: string; open(): Promise<Sql> }[] = [
  { name: 'an embedded store', open: () => openSql({ dataDirDump: dumpedStore() }) },
  {
    name: 'PostgreSQL (DATABASE_URL)',
    open: async () => openSql({ databaseUrl: await createTestDatabase('webhook_retention') }),
  },
]

const opened: Sql[] = []
afterAll(() => Promise.all(opened.splice(0).map((sql) => sql.close())))

async function storeWithListener(open: () => Promise<Sql>): Promise<Sql> {
  const sql = await open()
  opened.push(sql)
  await prepareWebhookTables(sql)
  await sql.query(
    `insert into webhook_listeners (id, project_id, chain_id, url, filters, secret, created_at, updated_at)
     values ($1, 7, 137, 'http://127.0.0.1:9/hook', $2, 'secret', now(), now())`,
    [LISTENER, JSON.stringify(normaliseFilters({ contractAddresses: [CONTRACT], events: [TRANSFER] }).filters)],
  )
  return sql
}

/** Queues `count` deliveries through the engine's own statement. */
async function enqueue(sql: Sql, first: number, count: number): Promise<string[]> {
  const deliveries = Array.from({ length: count }, (_, i) => ({
    uid: uid(first + i),
    listenerId: LISTENER,
    chainId: 137,
    blockNumber: first + i,
    blockHash: '0x' + 'c'.repeat(64),
    body: JSON.stringify({ type: 'BLOCK_ADDED', padding: 'x'.repeat(400) }),
    state: 'pending' as const,
  }))
  await sql.transaction((tx) => enqueueDeliveries(tx, deliveries))
  return deliveries.map((d) => d.uid)
}

/** Finishes these pending deliveries through the engine's own statement: one attempt each, delivered. */
async function deliver(sql: Sql, uids: string[]): Promise<void> {
  await recordAttemptOutcomes(
    sql,
    'retention-engine',
    uids.map((uid) => ({
      attempt: { uid, listenerId: LISTENER, attempt: 1, at: Date.now(), status: 204, error: undefined, durationMs: 3 },
      outcome: { state: 'delivered' as const },
      receiverHealthy: true,
    })),
    Date.now(),
  )
}

/** Records a failed attempt of these pending deliveries, each retried later. */
async function fail(sql: Sql, uids: string[]): Promise<void> {
  await recordAttemptOutcomes(
    sql,
    'retention-engine',
    uids.map((uid) => ({
      attempt: { uid, listenerId: LISTENER, attempt: 1, at: Date.now(), status: 500, error: 'HTTP 500', durationMs: 3 },
      outcome: { retryAt: Date.now() + 60_000, error: 'HTTP 500' },
      receiverHealthy: false,
    })),
    Date.now(),
  )
}

/** Bytes the history tables hold, every partition and index included. */
async function historyBytes(sql: Sql): Promise<number> {
  const { rows } = await sql.query<{ bytes: string | number }>(
    `select sum(pg_total_relation_size(relid)) as bytes from (
       select relid from pg_partition_tree('webhook_history') union all select relid from pg_partition_tree('webhook_attempts')) as parts`,
  )
  return Number(rows[0]!.bytes)
}

async function tableOf(sql: Sql, table: string, uids: string[]): Promise<string[]> {
  const { rows } = await sql.query<{ partition: string }>(
    `select distinct tableoid::regclass::text as partition from ${table} where uid = any($1)`,
    [uids],
  )
  return rows.map((row) => row.partition)
}

const deliveries = async (sql: Sql) =>
  (await sql.query<{ uid: string; state: string }>('select uid, state from webhook_deliveries order by uid')).rows

describe.each(stores)('delivery history on $name', (kind) => {
  test('a short retention drops finished history whole and gives its space back; pending rows stay', async () => {
    const sql = await storeWithListener(kind.open)
    const pending = await enqueue(sql, 1, 5)
    const finished = await enqueue(sql, 100, 200)
    await fail(sql, pending)
    await deliver(sql, finished)
    const { rows } = await sql.query<{ today: Date }>(`select now() as today`)
    const today = rows[0]!.today.getTime()
    const todays = (table: string) => `${table}_d${new Date(today).toISOString().slice(0, 10).replaceAll('-', '')}`
    // Pending deliveries stay in the outbox; finished ones are in the history by the day they finished.
    expect(await tableOf(sql, 'webhook_outbox', [...pending, ...finished])).toEqual(['webhook_outbox'])
    expect(await tableOf(sql, 'webhook_outbox', finished)).toEqual([])
    expect(await tableOf(sql, 'webhook_history', finished)).toEqual([todays('webhook_history')])
    // A row finished before any day's table existed (the store's template holds the days of the day it was made) is
    // kept by the default partition.
    await sql.query(`update webhook_history set finished_at = now() - interval '4000 days' where uid = $1`, [
      finished[0],
    ])
    expect(await tableOf(sql, 'webhook_history', [finished[0]!])).toEqual(['webhook_history_default'])
    const before = await historyBytes(sql)

    // Five days on, with a retention of one day: today's tables have outlived it.
    const later = today + 5 * DAY_MS
    const dropped = await removeExpiredHistory(sql, DAY_MS, later - Date.now())
    expect(dropped).toEqual(expect.arrayContaining([todays('webhook_history'), todays('webhook_attempts')]))
    expect(await deliveries(sql)).toEqual(pending.map((uid) => ({ uid, state: 'pending' })))
    const { rows: attempts } = await sql.query('select uid from webhook_attempts')
    expect(attempts).toEqual([])
    expect(await historyBytes(sql)).toBeLessThan(before)
    // The coming days' tables are made ahead.
    for (let day = 0; day <= DAYS_AHEAD; day++) {
      const name = `webhook_history_d${new Date(later + day * DAY_MS).toISOString().slice(0, 10).replaceAll('-', '')}`
      expect(await partitionsOf(sql, 'webhook_history')).toContain(name)
    }
    // Nothing more to drop the next time.
    expect(await removeExpiredHistory(sql, DAY_MS, later - Date.now())).toEqual([])
  })

  test('an engine removes expired history when it starts', async () => {
    const sql = await storeWithListener(kind.open)
    await deliver(sql, await enqueue(sql, 1, 3))
    // The retention's cutoff is the database's clock: the rows are made old instead (they move to the default).
    await sql.query(`update webhook_history set finished_at = now() - interval '3 days'`)
    const engine = await createWebhookEngine({ sql, allowPrivateTargets: true, historyRetentionMs: DAY_MS })
    expect((await engine.listDeliveries(7, LISTENER)).historyRetentionMs).toBe(DAY_MS)
    await engine.start()
    // Stopping waits for the round the start began.
    await engine.stop()
    expect(await deliveries(sql)).toEqual([])
  })

  test("a finished row left in the outbox by a lapsed attempt moves to the history; a dropped block's stays until the retention", async () => {
    const sql = await storeWithListener(kind.open)
    const [lapsed, inDroppedBlock] = await enqueue(sql, 1, 2)
    // An engine stopped mid-send: the row was cancelled under its attempt, whose lease has lapsed since.
    await sql.query(
      `update webhook_outbox set state = 'cancelled', finished_at = now(), claimed_by = 'gone', in_flight_until = now() - interval '1 second',
         in_dropped_block = (uid = $1) where uid = any($2)`,
      [inDroppedBlock, [lapsed, inDroppedBlock]],
    )
    await removeExpiredHistory(sql, DAY_MS)
    expect(await tableOf(sql, 'webhook_history', [lapsed!])).toHaveLength(1)
    expect(await tableOf(sql, 'webhook_outbox', [inDroppedBlock!])).toEqual(['webhook_outbox'])
    await removeExpiredHistory(sql, DAY_MS, 2 * DAY_MS)
    expect(await deliveries(sql)).toEqual([])
  })

  test('a log mined again is queued again if its copy was reorged, and left as it is once delivered', async () => {
    const sql = await storeWithListener(kind.open)
    const [neverSent, sent] = await enqueue(sql, 1, 2)
    await deliver(sql, [sent!])
    // The block is dropped: the delivered row comes back from the history, the pending one is withheld.
    await sql.transaction((tx) => markBlocksReorged(tx, 137, ['0x' + 'c'.repeat(64)], Date.now()))
    expect(await tableOf(sql, 'webhook_outbox', [neverSent!, sent!])).toEqual(['webhook_outbox'])
    expect(await deliveries(sql)).toEqual([
      { uid: neverSent, state: 'reorged' },
      { uid: sent, state: 'delivered' },
    ])
    await enqueue(sql, 1, 2)
    expect(await deliveries(sql)).toEqual([
      { uid: neverSent, state: 'pending' },
      { uid: sent, state: 'delivered' },
    ])
  })
})
