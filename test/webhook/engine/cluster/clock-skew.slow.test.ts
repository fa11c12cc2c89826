import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, expect, test } from 'vitest'
import { openSql, type Sql } from '../../../../src/store/sql.js'
import { ChainLease } from '../../../../src/webhook/engine/cluster/chain-lease.js'
import { prepareWebhookTables } from '../../../../src/webhook/engine/store/store-schema.js'
import { createWebhookEngine, type WebhookEngine } from '../../../../src/webhook/index.js'
import { createTestDatabase } from '../../../local/support.js'
import { streamFilters, streamMint } from '../../support/logs.js'
import { waitUntil } from '../../support/receiver-server.js'

/**
 * Two engines on one PostgreSQL database whose clocks disagree by a minute (one 30 s behind, one 30 s ahead):
 * a chain's lease, the failover once it runs out, and a removal waiting for the other engine's requests behave
 * as with one clock, because every time one engine writes and another compares is the database's.
 */
const SKEW_MS = 30_000
const behind = () => Date.now() - SKEW_MS
const ahead = () => Date.now() + SKEW_MS
const POLYGON = 137

const cleanups: (() => Promise<unknown>)[] = []
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined)
})

async function openStore(): Promise<Sql> {
  const sql = await openSql({ databaseUrl: await createTestDatabase('webhook_clock_skew') })
  cleanups.push(() => sql.close())
  await prepareWebhookTables(sql)
  return sql
}

test('a chain lease held by an engine 30 s behind is not taken by one 30 s ahead until it runs out', async () => {
  const sql = await openStore()
  const leaseMs = 1_000
  const slow = new ChainLease(sql, POLYGON, 'behind', behind, leaseMs)
  const fast = new ChainLease(sql, POLYGON, 'ahead', ahead, leaseMs)
  expect(await slow.acquire()).toEqual({ held: true })
  expect(await fast.acquire()).toMatchObject({ held: false, holder: 'behind' })
  expect(await slow.acquire()).toEqual({ held: true })
  // The holder stops renewing (it died): the other engine takes over once the lease ran out, not before.
  const stopped = performance.now()
  await waitUntil(async () => (await fast.acquire()).held, 'the standby takes the lease over', 5_000)
  expect(performance.now() - stopped).toBeGreaterThanOrEqual(leaseMs - 50)
  expect(await slow.acquire()).toMatchObject({ held: false, holder: 'ahead' })
}, 30_000)

/** Answers every request after answerAfterMs; counts the requests open now, and webhook-ids sent twice. */
async function startSlowReceiver(answerAfterMs: number) {
  let open = 0
  let received = 0
  const seen = new Set<string>()
  let duplicates = 0
  const server = http.createServer((request, response) => {
    open++
    received++
    const uid = String(request.headers['webhook-id'])
    if (seen.has(uid)) duplicates++
    seen.add(uid)
    request.resume()
    const timer = setTimeout(() => response.writeHead(204).end(), answerAfterMs)
    response.on('close', () => {
      clearTimeout(timer)
      open--
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  cleanups.push(() => {
    server.closeAllConnections()
    return new Promise((resolve) => server.close(resolve))
  })
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    get open() {
      return open
    },
    get received() {
      return received
    },
    get duplicates() {
      return duplicates
    },
  }
}

test('two engines 60 s apart share the outbox: no row sent twice, a removal waits for both engines’ requests', async () => {
  const sql = await openStore()
  const receiver = await startSlowReceiver(1_500)
  const engines: WebhookEngine[] = []
  for (const now of [behind, ahead]) {
    const engine = await createWebhookEngine({
      sql,
      now,
      allowPrivateTargets: true,
      attemptTimeoutMs: 5_000,
      idlePollMs: 50,
      perListenerConcurrency: 2,
    })
    cleanups.push(() => engine.stop())
    engines.push(engine)
  }
  const [slow, fast] = engines as [WebhookEngine, WebhookEngine]
  const listener = await slow.addListener(1, {
    url: receiver.url,
    filters: streamFilters(),
  })
  await waitUntil(() => fast.activeListeners === 1, 'both engines know the listener', 5_000)
  for (let id = 1n; id <= 8n; id++) await slow.ingest(POLYGON, streamMint(id))
  await Promise.all(engines.map((engine) => engine.start()))
  // Queued by the engine behind, due at once for both: each has its two requests open, and neither takes a row
  // the other has in flight (its lease ends by the database's clock) while the receiver takes its time.
  await waitUntil(() => receiver.open === 4, 'both engines send to the listener', 5_000)
  await new Promise((resolve) => setTimeout(resolve, 500))
  expect(receiver.duplicates).toBe(0)

  expect(await fast.removeListener(1, { id: listener.id!, projectId: String(listener.projectId) })).toBe(true)
  expect(receiver.open).toBe(0)
  const receivedAtRemoval = receiver.received
  await new Promise((resolve) => setTimeout(resolve, 300))
  expect(receiver.received).toBe(receivedAtRemoval)
}, 30_000)
