import { setTimeout } from 'node:timers/promises'
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest'
import { openSql, type Sql } from '../../../../src/store/sql.js'
import { recordAttemptOutcomes } from '../../../../src/webhook/engine/delivery/attempts.js'
import {
  cancelListenerDeliveries,
  claimDueDeliveries,
  enqueueDeliveries,
  type ClaimLimits,
} from '../../../../src/webhook/engine/delivery/outbox.js'
import { insertListener, markListenerRemoved } from '../../../../src/webhook/engine/listeners/listener-store.js'
import { prepareWebhookTables } from '../../../../src/webhook/engine/store/store-schema.js'
import { dumpedStore } from '../../../support/store-dump.js'

/**
 * What the claim promises about fairness, read from which rows it takes: the listeners with due work are visited
 * in turn, those waiting longest first; each offers its oldest due rows up to its free slots (perListener less those in flight);
 * the rows are taken by their place in their listener's queue counting the requests in flight (the first free
 * slot of every listener before the second of any), then in turn; consecutive claims take listeners in turn.
 */

let sql: Sql
beforeAll(async () => {
  sql = await openSql({ dataDirDump: dumpedStore() })
  await prepareWebhookTables(sql)
})
afterAll(() => sql?.close())

/** Every engine table but the migrations' record, emptied: each test starts from what a new store holds. */
async function emptyEngineTables() {
  const { rows } = await sql.query<{ tables: string }>(
    `select string_agg(c.oid::regclass::text, ', ') as tables from pg_class c
     where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p') and not c.relispartition
       and c.relname like 'webhook\\_%' and c.relname <> 'webhook_migrations'`,
  )
  await sql.query(`truncate ${rows[0]!.tables}`)
}

/** The one place that knows how listeners, rows and claims are made: the store emptied for each test. */
async function claimStore() {
  await emptyEngineTables()
  const now = Date.now()
  return {
    sql,
    /** Adds an active listener and queues `rows` due deliveries for it, oldest first; returns their uids. */
    async listenerWithRows(id: string, rows: number): Promise<string[]> {
      await insertListener(sql, {
        id,
        projectId: 1,
        chainId: undefined,
        url: 'http://127.0.0.1:9/hooks',
        filters: { contractAddresses: [], events: [] },
        secret: 'secret',
        active: true,
        disabledReason: undefined,
        createdAt: now,
        updatedAt: now,
        removedAt: undefined,
      })
      const uids: string[] = []
      // One statement per row, each a few milliseconds after the one before (the embedded store's clock counts
      // milliseconds), so the listener's queue has one order.
      for (let i = 0; i < rows; i++) {
        if (i > 0) await setTimeout(3)
        const uid = `${id}-${i}`
        await enqueueDeliveries(sql, [
          { uid, listenerId: id, chainId: 137, blockNumber: 1, blockHash: '0xb1', body: '{}', state: 'pending' },
        ])
        uids.push(uid)
      }
      return uids
    },
    /** One claim, leasing what it takes for a minute; its rows' listeners sorted, and its rows. */
    async claim(limits: Partial<ClaimLimits> & Pick<ClaimLimits, 'limit' | 'perListener'>) {
      const { deliveries } = await claimDueDeliveries(sql, 'engine-1', 60_000, { inFlight: new Map(), ...limits })
      return { listeners: deliveries.map((d) => d.listenerId).sort(), uids: deliveries.map((d) => d.uid) }
    },
  }
}

let store: Awaited<ReturnType<typeof claimStore>>
beforeEach(async () => {
  store = await claimStore()
})

test("takes every listener's first slot before any listener's second", async () => {
  for (const id of ['a', 'b', 'c']) await store.listenerWithRows(id, 3)
  const first = await store.claim({ limit: 3, perListener: 3 })
  expect(first.listeners).toEqual(['a', 'b', 'c'])
  // Each now has one request in flight: the second slots go before any third.
  const inFlight = new Map([
    ['a', 1],
    ['b', 1],
    ['c', 1],
  ])
  expect((await store.claim({ limit: 4, perListener: 3, inFlight })).listeners).toEqual(['a', 'a', 'b', 'c'])
})

test("each listener offers its oldest due rows, no more than its free slots, up to the claim's limit", async () => {
  const a = await store.listenerWithRows('a', 4)
  const b = await store.listenerWithRows('b', 1)
  const first = await store.claim({ limit: 10, perListener: 2 })
  expect(first.listeners).toEqual(['a', 'a', 'b'])
  expect(new Set(first.uids)).toEqual(new Set([a[0], a[1], b[0]]))
  const second = await store.claim({ limit: 1, perListener: 2 })
  expect(second.uids).toEqual([a[2]])
})

test("counts a listener's requests in flight: its next slot ranks behind others' earlier ones", async () => {
  for (const id of ['a', 'b', 'c']) await store.listenerWithRows(id, 3)
  // a has two requests in flight: one free slot of three, and that slot is its third.
  const first = await store.claim({ limit: 4, perListener: 3, inFlight: new Map([['a', 2]]) })
  expect(first.listeners).toEqual(['b', 'b', 'c', 'c'])
  const inFlight = new Map([
    ['a', 2],
    ['b', 2],
    ['c', 2],
  ])
  expect((await store.claim({ limit: 10, perListener: 3, inFlight })).listeners).toEqual(['a', 'b', 'c'])
})

test('a listener with perListener requests in flight offers nothing, however much it has due', async () => {
  await store.listenerWithRows('a', 3)
  await store.listenerWithRows('b', 1)
  expect((await store.claim({ limit: 10, perListener: 3, inFlight: new Map([['a', 3]]) })).listeners).toEqual(['b'])
  expect((await store.claim({ limit: 10, perListener: 3, inFlight: new Map([['a', 1]]) })).listeners).toEqual([
    'a',
    'a',
  ])
})

test('consecutive claims take the listeners in turn, those waiting longest first, and around', async () => {
  for (const id of ['a', 'b', 'c', 'd', 'e']) await store.listenerWithRows(id, 2)
  const turns: string[][] = []
  for (let i = 0; i < 4; i++) turns.push((await store.claim({ limit: 2, perListener: 2 })).listeners)
  expect(turns).toEqual([
    ['a', 'b'],
    ['c', 'd'],
    ['a', 'e'],
    ['b', 'c'],
  ])
})

test('within one slot, a listener just served comes after those still waiting', async () => {
  for (const id of ['a', 'b', 'c']) await store.listenerWithRows(id, 2)
  expect((await store.claim({ limit: 1, perListener: 2 })).listeners).toEqual(['a'])
  expect((await store.claim({ limit: 2, perListener: 2 })).listeners).toEqual(['b', 'c'])
})

test('a listener whose rows went into backoff is not visited again before they fall due', async () => {
  const waiting = ['w1', 'w2', 'w3', 'w4', 'w5', 'w6']
  for (const id of waiting) await store.listenerWithRows(id, 1)
  // A short lease: by the time the healthy listener's row is queued, every attempt's lease has ended.
  const claimed = await claimDueDeliveries(store.sql, 'engine-1', 20, {
    limit: waiting.length,
    perListener: 1,
    inFlight: new Map(),
  })
  const now = Date.now()
  await recordAttemptOutcomes(
    store.sql,
    'engine-1',
    claimed.deliveries.map(({ uid, listenerId, attempt }) => ({
      attempt: { uid, listenerId, attempt, at: now, status: 503, error: 'HTTP 503', durationMs: 1 },
      outcome: { retryAt: now + 3_600_000, error: 'HTTP 503' },
      receiverHealthy: false,
    })),
    now,
  )
  await setTimeout(50)
  await store.listenerWithRows('healthy', 1)
  // The claim visits one listener: the healthy one, not one of those whose rows wait an hour.
  expect((await store.claim({ limit: 1, perListener: 1 })).listeners).toEqual(['healthy'])
})

test('a listener that left takes no turn: the next claim serves one still active', async () => {
  const gone = ['gone-1', 'gone-2', 'gone-3']
  for (const id of gone) await store.listenerWithRows(id, 2)
  await store.listenerWithRows('active', 1)
  // Removed as the engine removes a listener (a disabled one's deliveries are cancelled the same way).
  for (const id of gone)
    await store.sql.transaction(async (tx) => {
      await markListenerRemoved(tx, id, Date.now())
      await cancelListenerDeliveries(tx, id, 'listener removed', Date.now())
    })
  expect((await store.claim({ limit: 1, perListener: 1 })).listeners).toEqual(['active'])
})

test('an attempt in flight when its listener left does not make the listener ready again', async () => {
  await store.listenerWithRows('gone', 2)
  const { uids } = await store.claim({ limit: 1, perListener: 1 })
  await store.sql.transaction(async (tx) => {
    await markListenerRemoved(tx, 'gone', Date.now())
    await cancelListenerDeliveries(tx, 'gone', 'listener removed', Date.now())
  })
  // The attempt's answer comes after the removal: a 500, whose outcome would be a retry of a pending row.
  const at = Date.now()
  await recordAttemptOutcomes(
    store.sql,
    'engine-1',
    [
      {
        attempt: { uid: uids[0]!, listenerId: 'gone', attempt: 1, at, status: 500, error: 'HTTP 500', durationMs: 1 },
        outcome: { retryAt: at, error: 'HTTP 500' },
        receiverHealthy: false,
      },
    ],
    at,
  )
  const { rows } = await store.sql.query('select listener_id from webhook_listener_ready')
  expect(rows).toEqual([])
})
