import { createHmac, randomBytes } from 'node:crypto'
import { getAddress } from 'viem'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { Log } from '../../../../src/observability/log.js'
import { dumpedStore } from '../../../support/store-dump.js'
import { openSql, type Sql } from '../../../../src/store/sql.js'
import { markBlocksReorged } from '../../../../src/webhook/engine/delivery/outbox.js'
import { createWebhookEngine, type WebhookEngine, type WebhookEngineOptions } from '../../../../src/webhook/index.js'
import { transferSingleLog } from '../../support/logs.js'
import { startRawServer } from '../../support/raw-server.js'
import { startTestReceiver, waitUntil } from '../../support/receiver-server.js'

const ZERO = '0x0000000000000000000000000000000000000000'
const BOB = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const TRANSFER_SINGLE =
  'TransferSingle(address indexed operator, address indexed from, address indexed to, uint256 id, uint256 value)'
const FAST_RETRY = { baseDelayMs: 30, factor: 2, maxDelayMs: 300, maxAttempts: 50, jitter: 0.2 }

let sql: Sql
const cleanups: (() => Promise<unknown>)[] = []

beforeAll(async () => {
  sql = await openSql({ dataDirDump: dumpedStore() })
})
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})
afterAll(() => sql?.close())

async function engineWith(options: Partial<WebhookEngineOptions> = {}): Promise<WebhookEngine> {
  const engine = await createWebhookEngine({
    sql,
    allowPrivateTargets: true,
    idlePollMs: 20,
    retry: FAST_RETRY,
    ...options,
  })
  await engine.start()
  cleanups.push(() => engine.stop())
  return engine
}

// Listeners outlive each test's engine in the shared store, so every test watches a contract of its own.
let contract = ''
beforeEach(() => {
  contract = getAddress(`0x${randomBytes(20).toString('hex')}`)
})
const mint = (id: bigint) => transferSingleLog(contract, BOB, ZERO, BOB, id, 1n)
const filters = () => ({ contractAddresses: [contract], events: [TRANSFER_SINGLE] })

describe('signed delivery', () => {
  test('POSTs the JSON payload with Standard Webhooks headers signed by the listener secret', async () => {
    const server = await startRawServer((_, response) => response.writeHead(204).end())
    cleanups.push(server.close)
    const engine = await engineWith()
    const listener = await engine.addListener(1, { url: server.url, filters: filters() })
    const { uids } = await engine.ingest(137, mint(1n))
    await waitUntil(() => server.requests.length === 1, 'the delivery arrives')
    const { headers, body } = server.requests[0]!
    expect(headers['content-type']).toBe('application/json')
    expect(headers['webhook-id']).toBe(uids[0])
    expect(JSON.parse(body).uid).toBe(uids[0])
    const timestamp = Number(headers['webhook-timestamp'])
    expect(Math.abs(timestamp - Date.now() / 1000)).toBeLessThan(60)
    const key = Buffer.from(listener.secret!.slice('whsec_'.length), 'base64')
    const expected = createHmac('sha256', key).update(`${uids[0]}.${timestamp}.${body}`).digest('base64')
    expect(headers['webhook-signature']).toBe(`v1,${expected}`)
    await waitUntil(
      async () => (await engine.listDeliveries(1, listener.id)).deliveries[0]?.state === 'delivered',
      'the delivery is recorded',
    )
    expect((await engine.listDeliveries(1, listener.id)).deliveries[0]).toMatchObject({
      uid: uids[0],
      attempts: 1,
      lastStatus: 204,
      history: [{ attempt: 1, status: 204 }],
    })
  })

  test('uid is a deterministic hash of chain, transaction, log index and listener', async () => {
    const engine = await engineWith()
    const a = await engine.addListener(1, { url: 'http://127.0.0.1:9/', filters: filters() })
    const b = await engine.addListener(1, { url: 'http://127.0.0.1:9/', filters: filters() })
    const log = mint(2n)
    const first = await engine.ingest(137, log)
    expect(first.uids).toHaveLength(2)
    expect(new Set(first.uids).size).toBe(2)
    // The same log ingested again (another block after a reorg) gets the same uids and queues nothing new.
    const again = await engine.ingest(137, {
      ...log,
      blockHash: `0x${'ab'.repeat(32)}`,
      blockNumber: log.blockNumber + 1,
    })
    expect(again.uids).toEqual(first.uids)
    expect((await engine.ingest(1, log)).uids.some((uid) => first.uids.includes(uid))).toBe(false)
    expect((await engine.ingest(137, { ...log, txnLogIndex: 1 })).uids.some((uid) => first.uids.includes(uid))).toBe(
      false,
    )
    for (const listener of [a, b]) expect((await engine.listDeliveries(1, listener.id)).deliveries).toHaveLength(3)
    await engine.removeListener(1, { id: a.id, projectId: '1' })
    await engine.removeListener(1, { id: b.id, projectId: '1' })
  })
})

describe('retries', () => {
  test('a receiver that is down for a while gets every delivery once it is back; the app sees each uid once', async () => {
    const receiver = await startTestReceiver()
    cleanups.push(receiver.close)
    const engine = await engineWith()
    const listener = await engine.addListener(1, { url: receiver.url, filters: filters() })
    receiver.useSecret(listener.secret!)
    await receiver.down()
    const uids: string[] = []
    for (let id = 1n; id <= 12n; id++) uids.push(...(await engine.ingest(137, mint(id))).uids)
    await waitUntil(
      async () => (await engine.listDeliveries(1, listener.id)).deliveries.every((d) => d.attempts >= 2),
      'every delivery failed twice',
    )
    const failed = (await engine.listDeliveries(1, listener.id)).deliveries[0]!
    expect(failed.state).toBe('pending')
    expect(failed.lastError).toMatch(/ECONNREFUSED/)
    receiver.loseAnswers(4)
    await receiver.up()
    await waitUntil(
      async () => (await engine.listDeliveries(1, listener.id)).deliveries.every((d) => d.state === 'delivered'),
      'all twelve deliveries are acknowledged',
      20_000,
    )
    expect(receiver.delivered.map((payload) => payload.uid).sort()).toEqual([...uids].sort())
    // Four answers were lost after the app had the payload: those uids came again and were deduplicated.
    expect(receiver.arrived).toHaveLength(16)
    expect(new Set(receiver.arrived).size).toBe(12)
    const report = await engine.listDeliveries(1, listener.id)
    expect(
      report.deliveries.every((d) => d.state === 'delivered' && d.history.length === d.attempts && d.attempts >= 3),
    ).toBe(true)
  })

  test('Retry-After is honoured over the backoff schedule', async () => {
    const server = await startRawServer((_, response) => response.writeHead(503, { 'retry-after': '120' }).end())
    cleanups.push(server.close)
    const engine = await engineWith()
    const listener = await engine.addListener(1, { url: server.url, filters: filters() })
    await engine.ingest(137, mint(3n))
    await waitUntil(
      async () => (await engine.listDeliveries(1, listener.id)).deliveries[0]?.history.length === 1,
      'one attempt',
    )
    const delivery = (await engine.listDeliveries(1, listener.id)).deliveries[0]!
    const attempt = delivery.history[0]!
    expect(attempt).toMatchObject({ status: 503, error: 'HTTP 503' })
    // The next attempt is due at the database's clock plus Retry-After; the attempt's time is the process's
    // clock, and the outcome is written a moment after the answer: a second of slack either way.
    const waited = Date.parse(delivery.nextAttemptAt!) - Date.parse(attempt.at) - attempt.durationMs
    expect(waited).toBeGreaterThanOrEqual(119_000)
    expect(waited).toBeLessThanOrEqual(121_000)
    await engine.removeListener(1, { id: listener.id, projectId: '1' })
  })

  test('redirects are not followed, and retries stop after maxAttempts with the failure recorded', async () => {
    const elsewhere = await startRawServer((_, response) => response.writeHead(200).end())
    const server = await startRawServer((_, response) => response.writeHead(302, { location: elsewhere.url }).end())
    cleanups.push(server.close, elsewhere.close)
    const engine = await engineWith({ retry: { ...FAST_RETRY, maxAttempts: 3 } })
    const listener = await engine.addListener(1, { url: server.url, filters: filters() })
    await engine.ingest(137, mint(4n))
    await waitUntil(
      async () => (await engine.listDeliveries(1, listener.id)).deliveries[0]?.state === 'failed',
      'the delivery gives up',
    )
    const delivery = (await engine.listDeliveries(1, listener.id)).deliveries[0]!
    expect(delivery).toMatchObject({
      attempts: 3,
      lastStatus: 302,
      lastError: `gave up after 3 attempts: HTTP 302: redirect to ${elsewhere.url} not followed`,
    })
    expect(delivery.history.map((attempt) => attempt.attempt)).toEqual([1, 2, 3])
    expect(server.requests).toHaveLength(3)
    expect(elsewhere.requests).toHaveLength(0)
  })

  test('with an injected fetch: same headers, redirects still not followed', async () => {
    const elsewhere = await startRawServer((_, response) => response.writeHead(200).end())
    const server = await startRawServer((request, response) =>
      request.headers['webhook-signature']?.toString().startsWith('v1,')
        ? response.writeHead(307, { location: elsewhere.url }).end()
        : response.writeHead(400).end(),
    )
    cleanups.push(server.close, elsewhere.close)
    const engine = await engineWith({ fetch: globalThis.fetch, retry: { ...FAST_RETRY, maxAttempts: 1 } })
    const listener = await engine.addListener(1, { url: server.url, filters: filters() })
    await engine.ingest(137, mint(13n))
    await waitUntil(
      async () => (await engine.listDeliveries(1, listener.id)).deliveries[0]?.state === 'failed',
      'the single attempt is recorded',
    )
    expect((await engine.listDeliveries(1, listener.id)).deliveries[0]!.lastError).toBe(
      `gave up after 1 attempts: HTTP 307: redirect to ${elsewhere.url} not followed`,
    )
    expect(elsewhere.requests).toHaveLength(0)
  })

  test('each attempt has a timeout', async () => {
    const server = await startRawServer(() => undefined)
    cleanups.push(server.close)
    const engine = await engineWith({ attemptTimeoutMs: 150 })
    const listener = await engine.addListener(1, { url: server.url, filters: filters() })
    await engine.ingest(137, mint(5n))
    await waitUntil(
      async () => (await engine.listDeliveries(1, listener.id)).deliveries[0]?.history.length === 1,
      'one attempt',
    )
    expect((await engine.listDeliveries(1, listener.id)).deliveries[0]!.history[0]!.error).toBe(
      'no answer within 150 ms',
    )
    await engine.removeListener(1, { id: listener.id, projectId: '1' })
  })

  test('410 Gone disables the listener and cancels what it still had queued', async () => {
    const server = await startRawServer((_, response) => response.writeHead(410).end())
    cleanups.push(server.close)
    const engine = await engineWith({ concurrency: 1 })
    const listener = await engine.addListener(1, { url: server.url, filters: filters() })
    await engine.ingest(137, mint(6n))
    await engine.ingest(137, mint(7n))
    await waitUntil(async () => !(await engine.listDeliveries(1, listener.id)).active, 'the listener is disabled')
    const report = await engine.listDeliveries(1, listener.id)
    expect(report.disabledReason).toBe('receiver answered 410 Gone')
    expect(report.deliveries.map((d) => d.state).sort()).toEqual(['cancelled', 'failed'])
    expect(server.requests).toHaveLength(1)
    expect((await engine.ingest(137, mint(8n))).uids).toEqual([])
  })

  test('a payload that fails its JSON Schema is recorded as failed and never sent', async () => {
    const server = await startRawServer((_, response) => response.writeHead(200).end())
    cleanups.push(server.close)
    const engine = await engineWith({
      validatePayload: () => ({
        ok: false,
        issues: [{ path: '/ts', keyword: 'format', message: 'must match format "date-time"' }],
      }),
    })
    const listener = await engine.addListener(1, { url: server.url, filters: filters() })
    expect((await engine.ingest(137, mint(9n))).uids).toEqual([])
    const [delivery] = (await engine.listDeliveries(1, listener.id)).deliveries
    expect(delivery).toMatchObject({
      state: 'failed',
      attempts: 0,
      lastError: 'payload does not match its JSON Schema: /ts: must match format "date-time"',
    })
    expect(server.requests).toHaveLength(0)
  })
})

describe('fairness', () => {
  test('a receiver that never answers holds at most perListenerConcurrency slots; others are delivered meanwhile', async () => {
    const hanging = await startRawServer(() => undefined)
    const healthy = await startRawServer((_, response) => response.writeHead(200).end())
    cleanups.push(hanging.close, healthy.close)
    // The attempt timeout outlasts the wait below: without the per-listener cap the hanging backlog would hold all slots.
    const engine = await engineWith({ concurrency: 4, perListenerConcurrency: 2, attemptTimeoutMs: 60_000 })
    const stuck = await engine.addListener(1, { url: hanging.url, filters: filters() })
    for (let id = 1n; id <= 8n; id++) await engine.ingest(137, mint(id))
    const healthyContract = contract
    contract = getAddress(`0x${randomBytes(20).toString('hex')}`)
    const fine = await engine.addListener(1, { url: healthy.url, filters: filters() })
    for (let id = 1n; id <= 3n; id++) await engine.ingest(137, mint(id))
    await waitUntil(() => healthy.requests.length === 3, 'the healthy listener gets its three deliveries')
    expect(hanging.requests.length).toBe(2)
    await engine.removeListener(1, { id: stuck.id, projectId: '1' })
    await engine.removeListener(1, { id: fine.id, projectId: '1' })
    expect(healthyContract).not.toBe(contract)
  })
})

describe('listeners with nothing due', () => {
  test("take no claim's turn for good: a listener with a row due is served at once", async () => {
    const store = await openSql({ dataDirDump: dumpedStore() })
    cleanups.push(() => store.close())
    const server = await startRawServer((_, response) => response.writeHead(204).end())
    cleanups.push(server.close)
    // Rows queued before any engine sends; the first listeners' rows are then taken back by a reorg of their
    // block, which leaves those listeners among the ready ones with nothing to send.
    const queuing = await createWebhookEngine({ sql: store, allowPrivateTargets: true })
    cleanups.push(() => queuing.stop())
    for (let i = 0; i < 3; i++) {
      contract = getAddress(`0x${randomBytes(20).toString('hex')}`)
      await queuing.addListener(1, { url: server.url, filters: filters() })
      await queuing.ingest(137, mint(1n))
    }
    const { rows } = await store.query<{ block_hash: string }>('select distinct block_hash from webhook_outbox')
    await markBlocksReorged(
      store,
      137,
      rows.map((row) => row.block_hash),
      Date.now(),
    )
    contract = getAddress(`0x${randomBytes(20).toString('hex')}`)
    await queuing.addListener(1, { url: server.url, filters: filters() })
    const { uids } = await queuing.ingest(137, mint(2n))
    // One slot, so each claim visits one listener; the idle poll is longer than the test.
    const engine = await createWebhookEngine({
      sql: store,
      allowPrivateTargets: true,
      concurrency: 1,
      idlePollMs: 600_000,
    })
    await engine.start()
    cleanups.push(() => engine.stop())
    await waitUntil(() => server.requests.length === 1, 'the row due is sent', 5_000)
    expect(server.requests[0]!.headers['webhook-id']).toBe(uids[0])
  })
})

describe('stopping the engine', () => {
  test('a graceful stop during an attempt keeps the delivery due; the next engine sends it', async () => {
    let hang = true
    const server = await startRawServer((_, response) => (hang ? undefined : response.writeHead(200).end()))
    cleanups.push(server.close)
    const first = await createWebhookEngine({ sql, allowPrivateTargets: true, idlePollMs: 20, retry: FAST_RETRY })
    await first.start()
    const listener = await first.addListener(1, { url: server.url, filters: filters() })
    const { uids } = await first.ingest(137, mint(12n))
    await waitUntil(() => server.requests.length === 1, 'the attempt is in flight')
    await first.stop()
    await server.requests[0]!.aborted
    const afterStop = (await first.listDeliveries(1, listener.id)).deliveries[0]!
    expect(afterStop).toMatchObject({ uid: uids[0], state: 'pending', lastError: 'engine stopped during the attempt' })
    hang = false
    const second = await engineWith()
    await waitUntil(
      async () => (await second.listDeliveries(1, listener.id)).deliveries[0]?.state === 'delivered',
      'the next engine delivers it',
    )
    expect(server.requests.map((request) => request.headers['webhook-id'])).toEqual([uids[0], uids[0]])
  })
})

describe('RemoveWebhookListener stops deliveries at once', () => {
  test('queued retries are cancelled and the request in flight is aborted', async () => {
    let answered = 0
    const server = await startRawServer((request, response) => {
      if (JSON.parse(request.body).event.values[3].endsWith('b')) return // id 11: never answered
      answered++
      response.writeHead(503).end()
    })
    cleanups.push(server.close)
    const engine = await engineWith()
    const listener = await engine.addListener(1, { url: server.url, filters: filters() })
    await engine.ingest(137, mint(10n))
    await engine.ingest(137, mint(11n))
    await waitUntil(
      () => answered >= 2 && server.requests.some((r) => JSON.parse(r.body).event.values[3].endsWith('b')),
      'a retry loop and a hanging request',
    )
    const hanging = server.requests.find((r) => JSON.parse(r.body).event.values[3].endsWith('b'))!
    expect(await engine.removeListener(1, { id: listener.id, projectId: '1' })).toBe(true)
    await hanging.aborted
    const report = await engine.listDeliveries(1, listener.id)
    expect(report.active).toBe(false)
    expect(report.deliveries.map((d) => d.state)).toEqual(['cancelled', 'cancelled'])
    expect((await engine.ingest(137, mint(10n))).uids).toEqual([])
    // The row cancelled while its attempt was in flight leaves the outbox for the history once that attempt's outcome
    // is written, as the other did at once.
    const kept = async (table: string) =>
      (await sql.query<{ n: number }>(`select count(*)::int as n from ${table} where listener_id = $1`, [listener.id]))
        .rows[0]!.n
    await waitUntil(async () => (await kept('webhook_outbox')) === 0, "the listener's rows have left the outbox")
    expect(await kept('webhook_history')).toBe(2)
  })
})

describe('failures are logged through the injected log', () => {
  /** An injected `log` that keeps every call. */
  function recordingLog() {
    const entries: { message: string; error: unknown }[] = []
    const log: Log = (message, error) => entries.push({ message, error })
    return { log, entries }
  }

  /** A receiver that answers 500, or an address where nothing listens; and what the log's error then is. */
  const receivers = {
    'answers 500': async () => {
      const server = await startRawServer((_, response) => response.writeHead(500).end())
      cleanups.push(server.close)
      return { url: server.url, error: (error: unknown) => expect(error).toBe('HTTP 500') }
    },
    'refuses the connection': async () => {
      const server = await startRawServer(() => undefined)
      await server.close()
      return { url: server.url, error: (error: unknown) => expect(String(error)).toMatch(/ECONNREFUSED/) }
    },
  }

  test.each(Object.keys(receivers) as (keyof typeof receivers)[])(
    'a failed delivery attempt: the receiver %s',
    async (receiverCase) => {
      const receiver = await receivers[receiverCase]()
      const { log, entries } = recordingLog()
      const engine = await engineWith({ log })
      const listener = await engine.addListener(1, { url: receiver.url, filters: filters() })
      const { uids } = await engine.ingest(137, mint(1n))

      // Deliveries of earlier tests' listeners, still due in the shared store, may be logged too.
      const own = () => entries.filter((entry) => entry.message.includes(listener.id))
      await waitUntil(() => own().length > 0, 'the failed attempt is logged')
      const [entry] = own()
      expect(entry!.message).toMatch(
        new RegExp(
          `^webhook delivery ${uids[0]} \\(listener ${listener.id}\\) attempt 1 failed; next attempt at \\S+Z$`,
        ),
      )
      receiver.error(entry!.error)
      // The log says what the owner's report says, once the attempt is recorded.
      const lastError = async () => (await engine.listDeliveries(1, listener.id)).deliveries[0]?.lastError
      await waitUntil(async () => (await lastError()) !== undefined, 'the attempt is recorded')
      expect(await lastError()).toBe(entry!.error)
    },
  )

  test('a failed chain poll, once while the node keeps failing the same way', async () => {
    const chainId = 31337
    const node = await startRawServer((request, response) => {
      const { id } = JSON.parse(request.body) as { id: number }
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ jsonrpc: '2.0', id, error: { code: -32000, message: 'node is syncing' } }))
    })
    cleanups.push(node.close)
    const { log, entries } = recordingLog()
    await engineWith({ log, chains: [{ chainId, rpcUrl: node.url, pollIntervalMs: 10 }] })

    await waitUntil(() => node.requests.length >= 3, 'the follower has polled three times')
    const polls = entries.filter((entry) => entry.message.startsWith('chain ') && entry.error !== undefined)
    expect(polls).toHaveLength(1)
    expect(polls[0]!.message).toBe(`chain ${chainId}: a poll failed (reading the JSON-RPC node or writing the store)`)
    expect(polls[0]!.error).toBeInstanceOf(Error)
    expect((polls[0]!.error as Error).message).toContain('node is syncing')
  })
})
