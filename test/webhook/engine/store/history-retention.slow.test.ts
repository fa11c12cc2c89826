import { afterAll, describe, expect, test } from 'vitest'
import { dumpedStore } from '../../../support/store-dump.js'
import { openSql, type Sql } from '../../../../src/store/sql.js'
import { normaliseFilters } from '../../../../src/webhook/engine/listeners/filters.js'
import { enqueueDeliveries } from '../../../../src/webhook/engine/delivery/outbox.js'
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

/** Bytes the history tables hold, every partition and index included. */
async function historyBytes(sql: Sql): Promise<number> {
  const { rows } = await sql.query<{ bytes: string | number }>(
    `select sum(pg_total_relation_size(relid)) as bytes from (
       select relid from pg_partition_tree('webhook_outbox') union all select relid from pg_partition_tree('webhook_attempts')) as parts`,
  )
  return Number(rows[0]!.bytes)
}

async function partitionOf(sql: Sql, table: string, uids: string[]): Promise<string[]> {
  const { rows } = await sql.query<{ partition: string }>(
    `select distinct tableoid::regclass::text as partition from ${table} where uid = any($1)`,
    [uids],
  )
  return rows.map((row) => row.partition)
}

describe.each(stores)('delivery history on $name', (kind) => {
  test('a short retention drops finished history whole and gives its space back; pending rows stay', async () => {
    const sql = await storeWithListener(kind.open)
    const pending = await enqueue(sql, 1, 5)
    const finished = await enqueue(sql, 100, 200)
    await sql.query(
      `insert into webhook_attempts (uid, listener_id, attempt, at, status, error, duration_ms)
       select uid, $2, 1, now(), 500, 'HTTP 500', 3 from unnest($1::text[]) as uid`,
      [[...pending, ...finished], LISTENER],
    )
    await sql.query(`update webhook_outbox set state = 'delivered', finished_at = now() where uid = any($1)`, [
      finished,
    ])
    const { rows } = await sql.query<{ today: Date }>(`select now() as today`)
    const today = rows[0]!.today.getTime()
    const todays = (table: string) => `${table}_d${new Date(today).toISOString().slice(0, 10).replaceAll('-', '')}`
    expect(await partitionOf(sql, 'webhook_outbox', [...pending, ...finished])).toEqual([todays('webhook_outbox')])
    // A row queued before any day's table existed is kept by the default partition.
    await sql.query(`update webhook_outbox set created_at = now() - interval '40 days' where uid = $1`, [finished[0]])
    expect(await partitionOf(sql, 'webhook_outbox', [finished[0]!])).toEqual(['webhook_outbox_default'])
    const before = await historyBytes(sql)

    // Five days on, with a retention of one day: today's tables have outlived it.
    const later = today + 5 * DAY_MS
    const dropped = await removeExpiredHistory(sql, DAY_MS, later)
    expect(dropped).toEqual(expect.arrayContaining([todays('webhook_outbox'), todays('webhook_attempts')]))
    const { rows: left } = await sql.query<{ uid: string; state: string }>(
      'select uid, state from webhook_outbox order by uid',
    )
    expect(left).toEqual(pending.map((uid) => ({ uid, state: 'pending' })))
    expect(await partitionOf(sql, 'webhook_outbox', pending)).toEqual(['webhook_outbox_default'])
    const { rows: attempts } = await sql.query('select uid from webhook_attempts')
    expect(attempts).toEqual([])
    expect(await historyBytes(sql)).toBeLessThan(before)
    // The coming days' tables are made ahead.
    for (let day = 0; day <= DAYS_AHEAD; day++) {
      const name = `webhook_outbox_d${new Date(later + day * DAY_MS).toISOString().slice(0, 10).replaceAll('-', '')}`
      expect(await partitionsOf(sql, 'webhook_outbox')).toContain(name)
    }
    // Nothing more to drop the next time.
    expect(await removeExpiredHistory(sql, DAY_MS, later)).toEqual([])
  })

  test('an engine removes expired history when it starts', async () => {
    const sql = await storeWithListener(kind.open)
    const finished = await enqueue(sql, 1, 3)
    await sql.query(`update webhook_outbox set state = 'delivered', finished_at = now() where uid = any($1)`, [
      finished,
    ])
    const later = Date.now() + 5 * DAY_MS
    const engine = await createWebhookEngine({
      sql,
      allowPrivateTargets: true,
      historyRetentionMs: DAY_MS,
      now: () => later,
    })
    expect((await engine.listDeliveries(7, LISTENER)).historyRetentionMs).toBe(DAY_MS)
    await engine.start()
    // Stopping waits for the round the start began.
    await engine.stop()
    const { rows } = await sql.query('select uid from webhook_outbox')
    expect(rows).toEqual([])
  })

  test('a log mined again is queued again if its copy was reorged, and left as it is once delivered', async () => {
    const sql = await storeWithListener(kind.open)
    const [neverSent, sent] = await enqueue(sql, 1, 2)
    await sql.query(
      `update webhook_outbox set finished_at = now(), attempts = 1,
         state = case when uid = $1 then 'reorged' else 'delivered' end`,
      [neverSent],
    )
    await enqueue(sql, 1, 2)
    const { rows } = await sql.query<{ uid: string; state: string; finished_at: Date | null }>(
      'select uid, state, finished_at from webhook_outbox order by uid',
    )
    expect(rows.map(({ uid, state }) => ({ uid, state }))).toEqual([
      { uid: neverSent, state: 'pending' },
      { uid: sent, state: 'delivered' },
    ])
  })
})
