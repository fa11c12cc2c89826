import { randomBytes } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { getAddress } from 'viem'
import { afterEach, expect, test } from 'vitest'
import { openSql, type Sql } from '../../../../src/store/sql.js'
import { DEFAULT_CONCURRENCY } from '../../../../src/webhook/engine/delivery/configured-worker.js'
import { createWebhookEngine, type InjectedLog, type WebhookEngine } from '../../../../src/webhook/index.js'
import { createTestDatabase } from '../../../local/support.js'
import { transferSingleLog } from '../../support/logs.js'
import { waitUntil } from '../../support/receiver-server.js'

/**
 * One listener's slow receiver must not hold another's deliveries. 10 listeners whose receivers answer after
 * 300 ms have 2,000 deliveries queued each, enough to fill every slot for minutes; 50 listeners whose receivers
 * answer at once get a steady stream: a block every 100 ms, each holding one log for the next 5 of them in turn
 * (every fast listener gets one a second). A fast delivery's latency runs from the moment injectBlock returns
 * (its transaction committed: the row is queued and claimable) to the moment its request reaches the receiver,
 * both on this process's clock. The engines run with their default concurrency and per-listener cap. The rate
 * is what one engine serves with ease on a busy machine: the property is fairness, not throughput.
 */
const SLOW_LISTENERS = 10
const SLOW_BACKLOG = 2_000
const SLOW_ANSWER_MS = 300
const FAST_LISTENERS = 50
const FAST_BLOCKS = 40
const FAST_LOGS_PER_BLOCK = 5
const FAST_BLOCK_EVERY_MS = 100
const LATENCY_BOUND_MS = 1_000
/** Requests in flight per engine by default (docs/limits.md): the slow receivers hold this many before the stream. */
const ENGINE_SLOTS = DEFAULT_CONCURRENCY
/** How long after the last fast block a delivery may still arrive; one arriving later counts as never. */
const DRAIN_MS = 5_000
const POLYGON = 137
const EVENT = 'TransferSingle(address indexed,address indexed,address indexed,uint256,uint256)'
const HOLDER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

const cleanups: (() => Promise<unknown>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

/** Receivers on one port, one path per listener: /slow/* answer after SLOW_ANSWER_MS, /fast/* at once. */
async function startReceivers() {
  const fastArrivals = new Map<string, number>()
  const slowArrivals = { count: 0 }
  const server = http.createServer((request, response) => {
    const arrivedAt = performance.now()
    request.resume()
    request.on('end', () => {
      if (request.url!.startsWith('/fast/')) {
        const uid = String(request.headers['webhook-id'])
        if (!fastArrivals.has(uid)) fastArrivals.set(uid, arrivedAt)
        response.writeHead(204).end()
      } else {
        slowArrivals.count++
        setTimeout(() => response.writeHead(204).end(), SLOW_ANSWER_MS)
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  cleanups.push(() => {
    server.closeAllConnections()
    return new Promise((resolve) => server.close(resolve))
  })
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return { base, fastArrivals, slowArrivals }
}

const newContract = () => getAddress(`0x${randomBytes(20).toString('hex')}`)
let tokenId = 0n
const mintOf = (contract: string): InjectedLog => {
  const { address, topics, data } = transferSingleLog(contract, HOLDER, HOLDER, HOLDER, ++tokenId, 1n)
  return { address, topics, data }
}

/** The value below which `share` of the sorted values lie (nearest rank). */
const percentile = (sorted: number[], share: number) => sorted[Math.max(0, Math.ceil(share * sorted.length) - 1)]!

async function openEngine(databaseUrl: string): Promise<{ engine: WebhookEngine; sql: Sql }> {
  const sql: Sql = await openSql({ databaseUrl })
  const engine = await createWebhookEngine({ sql, allowPrivateTargets: true })
  cleanups.push(async () => {
    await engine.stop()
    await sql.close()
  })
  return { engine, sql }
}

test('fast listeners get their deliveries within 1 s at p99 while slow ones hold backlogs, on one engine and two', async () => {
  const receivers = await startReceivers()
  const databaseUrl = await createTestDatabase('fair_delivery')
  const { engine: feeder, sql } = await openEngine(databaseUrl)
  const listen = async (kind: 'slow' | 'fast', index: number) => {
    const contract = newContract()
    await feeder.addListener(1, {
      url: `${receivers.base}/${kind}/${index}`,
      filters: { contractAddresses: [contract], events: [EVENT] },
    })
    return contract
  }
  const slowContracts = await Promise.all(Array.from({ length: SLOW_LISTENERS }, (_, i) => listen('slow', i)))
  const fastContracts = await Promise.all(Array.from({ length: FAST_LISTENERS }, (_, i) => listen('fast', i)))

  // The slow backlog is queued before any engine sends; both phases draw on it.
  const perBlock = 100
  for (let queued = 0; queued < SLOW_BACKLOG; queued += perBlock)
    await feeder.injectBlock(
      POLYGON,
      slowContracts.flatMap((contract) => Array.from({ length: perBlock }, () => mintOf(contract))),
    )

  let block = 0
  /** Streams the fast blocks, then waits (bounded) for their deliveries: their latencies, sorted. */
  async function fastLatencies(): Promise<number[]> {
    const queuedAt = new Map<string, number>()
    for (let sent = 0; sent < FAST_BLOCKS; sent++, block++) {
      const started = performance.now()
      const turn = Array.from(
        { length: FAST_LOGS_PER_BLOCK },
        (_, i) => (block * FAST_LOGS_PER_BLOCK + i) % FAST_LISTENERS,
      )
      const { uids } = await feeder.injectBlock(
        POLYGON,
        turn.map((listener) => mintOf(fastContracts[listener]!)),
      )
      const committed = performance.now()
      for (const uid of uids) queuedAt.set(uid, committed)
      await new Promise((resolve) =>
        setTimeout(resolve, Math.max(0, started + FAST_BLOCK_EVERY_MS - performance.now())),
      )
    }
    expect(queuedAt.size).toBe(FAST_BLOCKS * FAST_LOGS_PER_BLOCK)
    await waitUntil(
      () => [...queuedAt.keys()].every((uid) => receivers.fastArrivals.has(uid)),
      'every fast delivery arrives',
      DRAIN_MS,
    ).catch(() => undefined)
    return [...queuedAt]
      .map(([uid, at]) => (receivers.fastArrivals.get(uid) ?? Number.POSITIVE_INFINITY) - at)
      .sort((a, b) => a - b)
  }
  const summary = (latencies: number[]) => ({
    p50: Math.round(percentile(latencies, 0.5)),
    p99: Math.round(percentile(latencies, 0.99)),
    missing: latencies.filter((ms) => ms === Number.POSITIVE_INFINITY).length,
  })
  const withinBound = {
    p50: expect.any(Number),
    p99: expect.toSatisfy((ms: number) => ms <= LATENCY_BOUND_MS),
    missing: 0,
  }

  await feeder.start()
  await waitUntil(() => receivers.slowArrivals.count >= ENGINE_SLOTS, 'the slow receivers fill the slots', 20_000)
  const oneEngine = summary(await fastLatencies())

  const { engine: second } = await openEngine(databaseUrl)
  await second.start()
  const sendingEngines = async () =>
    (
      await sql.query<{ n: number }>(
        `select count(distinct claimed_by)::int as n from webhook_outbox where state = 'pending' and in_flight_until > now()`,
      )
    ).rows[0]!.n
  await waitUntil(async () => (await sendingEngines()) === 2, 'both engines send to the slow receivers', 20_000)
  const twoEngines = summary(await fastLatencies())

  console.log(
    `fast listeners' latency (ms): one engine ${JSON.stringify(oneEngine)}, two ${JSON.stringify(twoEngines)}`,
  )
  expect({ oneEngine, twoEngines }).toEqual({ oneEngine: withinBound, twoEngines: withinBound })
}, 120_000)
