import { randomBytes } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import { getAddress } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { openSql, type Sql } from '../../../../src/store/sql.js'
import { createWebhookEngine, type WebhookEngine } from '../../../../src/webhook/index.js'
import { dumpedStore } from '../../../support/store-dump.js'
import { transferSingleLog } from '../../support/logs.js'
import { startRawServer } from '../../support/raw-server.js'
import { waitUntil } from '../../support/receiver-server.js'

const ZERO = '0x0000000000000000000000000000000000000000'
const BOB = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const TRANSFER_SINGLE =
  'TransferSingle(address indexed operator, address indexed from, address indexed to, uint256 id, uint256 value)'
const ROUNDS = 8
const QUEUED = 6

let store: Sql
beforeAll(async () => {
  store = await openSql({ dataDirDump: dumpedStore() })
})
afterAll(() => store?.close())

/**
 * The store as the engine sees it, with every outcome write (and every removal) held back for a while before it
 * runs: the worker's next claim, which reads the listener as still active, always falls between a receiver's
 * answer and the write of its outcome, so a gate that is not closed on the answer is caught every round.
 */
function slowWrites(sql: Sql, onRemovalCommitted: () => void): Sql {
  const held = (tx: Sql): Sql => ({
    ...tx,
    query: async <Row>(text: string, params?: unknown[]) => {
      if (/insert into webhook_attempts|set active = false, removed_at/.test(text)) await sleep(80)
      return tx.query<Row>(text, params)
    },
  })
  return {
    ...sql,
    transaction: async <T>(fn: (tx: Sql) => Promise<T>) => {
      let removal = false
      const result = await sql.transaction((tx) =>
        fn({
          ...held(tx),
          query: <Row>(text: string, params?: unknown[]) => {
            if (text.includes('removed_at = $2')) removal = true
            return held(tx).query<Row>(text, params)
          },
        }),
      )
      if (removal) onRemovalCommitted()
      return result
    },
  }
}

/**
 * Every request the engine starts to `url` (the round's listener: a listener another round left on the shared store
 * is not counted), and whether it started after the moment `closed` marks.
 */
function countingFetch(url: string) {
  const state = { closedAt: undefined as number | undefined, requests: 0, requestsAfterClose: 0 }
  let clock = 0
  const counted: typeof fetch = async (input, init) => {
    const target = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    if (target !== url) return fetch(input, init)
    state.requests++
    if (state.closedAt !== undefined) state.requestsAfterClose++
    const response = await fetch(input, init)
    // The engine has the answer from here on: a 410 closes the listener for every later request.
    if (response.status === 410) state.closedAt ??= ++clock
    return response
  }
  return { state, fetch: counted, close: () => (state.closedAt ??= ++clock) }
}

async function listenerWithQueue(engine: WebhookEngine, url: string) {
  const contract = getAddress(`0x${randomBytes(20).toString('hex')}`)
  const listener = await engine.addListener(1, {
    url,
    filters: { contractAddresses: [contract], events: [TRANSFER_SINGLE] },
  })
  for (let id = 1n; id <= BigInt(QUEUED); id++)
    await engine.ingest(137, transferSingleLog(contract, BOB, ZERO, BOB, id, 1n))
  return listener
}

async function settled(engine: WebhookEngine, listenerId: string) {
  let report = await engine.listDeliveries(1, listenerId)
  await waitUntil(async () => {
    report = await engine.listDeliveries(1, listenerId)
    // Every outcome written: a row withheld has its claim's attempt taken back, a row sent has it recorded.
    const written = report.deliveries.every((d) => d.state !== 'pending' && d.attempts === d.history.length)
    return !report.active && written
  }, 'the listener has left and every outcome of its deliveries is written')
  return report
}

describe.each([1, 4])('with %i requests in flight at most', (concurrency) => {
  test(`a receiver that answered 410 Gone gets no further request (${ROUNDS} rounds of ${QUEUED} queued)`, async () => {
    const gone = await startRawServer((_, response) => response.writeHead(410).end())
    try {
      for (let round = 0; round < ROUNDS; round++) {
        const url = `${gone.url}/round-${round}`
        const sender = countingFetch(url)
        const engine = await createWebhookEngine({
          sql: slowWrites(store, () => undefined),
          allowPrivateTargets: true,
          fetch: sender.fetch,
          idlePollMs: 20,
          concurrency,
          perListenerConcurrency: concurrency,
        })
        try {
          const listener = await listenerWithQueue(engine, url)
          await engine.start()
          const report = await settled(engine, listener.id)
          expect(report.disabledReason).toBe('receiver answered 410 Gone')
          expect(sender.state.requestsAfterClose).toBe(0)
          const sent = report.deliveries.filter((d) => d.history.length > 0)
          const withheld = report.deliveries.filter((d) => d.history.length === 0)
          // Each request that reached the receiver is recorded with its attempt; each row not sent as cancelled.
          expect(sent).toHaveLength(sender.state.requests)
          expect(sent.every((d) => d.history.every((attempt) => attempt.status === 410))).toBe(true)
          expect(withheld.length).toBeGreaterThan(0)
          for (const delivery of withheld) expect(delivery).toMatchObject({ state: 'cancelled', attempts: 0 })
        } finally {
          await engine.stop()
        }
      }
    } finally {
      await gone.close()
    }
  })

  test(`a removed listener's receiver gets no request once the removal committed (${ROUNDS} rounds)`, async () => {
    const slow = await startRawServer((_, response) => setTimeout(() => response.writeHead(200).end(), 40))
    try {
      for (let round = 0; round < ROUNDS; round++) {
        const url = `${slow.url}/round-${round}`
        const sender = countingFetch(url)
        const engine = await createWebhookEngine({
          sql: slowWrites(store, sender.close),
          allowPrivateTargets: true,
          fetch: sender.fetch,
          idlePollMs: 20,
          concurrency,
          perListenerConcurrency: concurrency,
        })
        try {
          const listener = await listenerWithQueue(engine, url)
          await engine.start()
          await waitUntil(() => sender.state.requests > 0, 'the first request is sent')
          await engine.removeListener(1, { id: listener.id, projectId: '1' })
          const requestsAtRemoval = sender.state.requests
          await sleep(100)
          expect(sender.state.requestsAfterClose).toBe(0)
          expect(sender.state.requests).toBe(requestsAtRemoval)
          const report = await engine.listDeliveries(1, listener.id).catch(() => undefined)
          if (report) for (const delivery of report.deliveries) expect(delivery.state).not.toBe('pending')
        } finally {
          await engine.stop()
        }
      }
    } finally {
      await slow.close()
    }
  })
})

test('a 410 whose outcome could not be written is met again, and then disables the listener', async () => {
  const gone = await startRawServer((_, response) => response.writeHead(410).end())
  let failNextOutcome = true
  const failingOnce: Sql = {
    ...store,
    transaction: <T>(fn: (tx: Sql) => Promise<T>) =>
      store.transaction((tx) =>
        fn({
          ...tx,
          query: async <Row>(text: string, params?: unknown[]) => {
            if (failNextOutcome && text.includes('insert into webhook_attempts')) {
              failNextOutcome = false
              throw new Error('the store went away for a moment')
            }
            return tx.query<Row>(text, params)
          },
        }),
      ),
  }
  const engine = await createWebhookEngine({
    sql: failingOnce,
    allowPrivateTargets: true,
    idlePollMs: 20,
    attemptTimeoutMs: 200,
    concurrency: 1,
    log: () => undefined,
  })
  try {
    const listener = await listenerWithQueue(engine, gone.url)
    await engine.start()
    // The row whose outcome was lost stays in flight until its lease ends: wait for the listener alone.
    await waitUntil(async () => !(await engine.listDeliveries(1, listener.id)).active, 'the listener is disabled')
    expect(failNextOutcome).toBe(false)
    expect((await engine.listDeliveries(1, listener.id)).disabledReason).toBe('receiver answered 410 Gone')
  } finally {
    await engine.stop()
    await gone.close()
  }
})
