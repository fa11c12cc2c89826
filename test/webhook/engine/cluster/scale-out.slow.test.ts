import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, expect, test } from 'vitest'
import { openSql, type Sql } from '../../../../src/store/sql.js'
import { createWebhookEngine, type WebhookEngine } from '../../../../src/webhook/index.js'
import { createTestDatabase } from '../../../local/support.js'
import { streamFilters, streamMint } from '../../support/logs.js'
import { waitUntil } from '../../support/receiver-server.js'
import { killServerProcesses, startServerProcess, type ServerProcess } from '../../support/server-process.js'

/**
 * Three local servers on one PostgreSQL database, as behind a load balancer: listeners added and removed
 * through different servers, 5,000 matching logs queued by a fourth engine (this process), one server
 * killed with SIGKILL mid-backlog. Every expected delivery arrives at least once, none after its
 * listener's removal was acknowledged, and nothing is left pending.
 */
const LOGS = 5_000
const POLYGON = 137

const cleanups: (() => Promise<unknown>)[] = []
afterAll(async () => {
  killServerProcesses()
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined)
})

const startServer = (name: string, databaseUrl: string) =>
  startServerProcess(name, databaseUrl, { WEBHOOK_ATTEMPT_TIMEOUT_MS: '1000' })

/** Records every request by listener (URL path) and webhook-id, and answers 204. */
async function startRecordingReceiver() {
  const byListener = new Map<string, Map<string, number>>()
  const afterRemoval: string[] = []
  let total = 0
  let removedListener: string | undefined
  const server = http.createServer((request, response) => {
    request.resume()
    request.on('end', () => {
      const name = request.url!.slice(1)
      const uid = String(request.headers['webhook-id'])
      const seen = byListener.get(name) ?? new Map<string, number>()
      seen.set(uid, (seen.get(uid) ?? 0) + 1)
      byListener.set(name, seen)
      total++
      if (name === removedListener) afterRemoval.push(uid)
      response.writeHead(204).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  cleanups.push(() => new Promise((resolve) => server.close(resolve)))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    byListener,
    afterRemoval,
    get total() {
      return total
    },
    removalAcknowledged(name: string) {
      removedListener = name
    },
  }
}

async function untilWithin(condition: () => boolean, ms: number, what: string): Promise<number> {
  const started = performance.now()
  await waitUntil(condition, what, ms)
  return performance.now() - started
}

test('three servers on one PostgreSQL: listener changes reach every engine, a server killed mid-backlog loses nothing', async () => {
  const databaseUrl = await createTestDatabase('webhook_scale_out')
  const [a, b, c] = await Promise.all(['A', 'B', 'C'].map((name) => startServer(name, databaseUrl)))
  const receiver = await startRecordingReceiver()

  // The engine that queues the logs: a fourth engine on the database, in this process.
  const sql: Sql = await openSql({ databaseUrl })
  const ingester: WebhookEngine = await createWebhookEngine({ sql, allowPrivateTargets: true })
  cleanups.push(
    () => sql.close(),
    () => ingester.stop(),
  )
  expect(ingester.activeListeners).toBe(0)

  const filters = streamFilters()
  const add = (server: ServerProcess, name: string) =>
    server.clients.indexer.addWebhookListener({ url: `${receiver.url}/${name}`, filters })
  const listeners = {
    L1: (await add(a!, 'L1')).listener,
    L2: (await add(b!, 'L2')).listener,
    L3: (await add(c!, 'L3')).listener,
    L4: (await add(a!, 'L4')).listener,
  }
  const learnedMs = await untilWithin(() => ingester.activeListeners === 4, 1_000, 'the ingester learns of 4 listeners')

  let ingested = 0
  const ingesting = (async () => {
    for (let i = 0; i < LOGS; i++) {
      await ingester.ingest(POLYGON, streamMint(BigInt(i)))
      ingested++
    }
  })()

  // L3 was added through C; it is removed through B while its deliveries are in flight on every server.
  await waitUntil(() => receiver.total >= 1_500, 'deliveries under way', 60_000)
  await b!.clients.indexer.removeWebhookListener({ id: listeners.L3.id!, projectId: String(listeners.L3.projectId) })
  receiver.removalAcknowledged('L3')
  const forgotMs = await untilWithin(() => ingester.activeListeners === 3, 1_000, 'the ingester forgets L3')

  await waitUntil(() => receiver.total >= 4_000, 'more deliveries under way', 60_000)
  c!.child.kill('SIGKILL')
  const killedAtIngested = ingested
  await ingesting

  const kept = ['L1', 'L2', 'L4'] as const
  const pending = async () =>
    Number(
      (await sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM webhook_outbox WHERE state = 'pending'`)).rows[0]!
        .n,
    )
  await waitUntil(
    () => kept.every((name) => (receiver.byListener.get(name)?.size ?? 0) >= LOGS),
    'every kept listener receives all 5,000 deliveries',
    90_000,
  )
  let left = await pending()
  for (const deadline = Date.now() + 10_000; left > 0 && Date.now() < deadline; left = await pending())
    await new Promise((resolve) => setTimeout(resolve, 100))

  const { rows } = await sql.query<{ listener_id: string; uid: string; state: string }>(
    'SELECT listener_id, uid, state FROM webhook_deliveries',
  )
  for (const name of kept) {
    const expected = rows.filter((row) => row.listener_id === listeners[name].id)
    expect(expected).toHaveLength(LOGS)
    expect(expected.every((row) => row.state === 'delivered')).toBe(true)
    const seen = receiver.byListener.get(name)!
    expect(expected.filter((row) => !seen.has(row.uid))).toEqual([])
  }
  expect(receiver.afterRemoval).toEqual([])
  expect(left).toBe(0)
  const duplicates = [...receiver.byListener.values()].reduce(
    (sum, seen) => sum + [...seen.values()].reduce((n, count) => n + count - 1, 0),
    0,
  )
  console.log(
    `scale-out: ${kept.length} × ${LOGS} deliveries complete; L3 got ${receiver.byListener.get('L3')?.size ?? 0} before ` +
      `its removal, none after; ${duplicates} duplicate deliveries (at-least-once: C was killed with ${killedAtIngested} ` +
      `logs queued); listener added elsewhere learned in ${Math.round(learnedMs)} ms, removal in ${Math.round(forgotMs)} ms`,
  )
}, 180_000)
