import http from 'node:http'
import type { AddressInfo } from 'node:net'
import pg from 'pg'
import { afterAll, expect, test } from 'vitest'
import { NOTIFICATION_APPLICATION_NAME } from '../../../../src/store/pg-notifications.js'
import { openSql } from '../../../../src/store/sql.js'
import { createWebhookEngine } from '../../../../src/webhook/index.js'
import { createTestDatabase } from '../../../local/support.js'
import { streamFilters, streamMint } from '../../support/logs.js'
import { waitUntil } from '../../support/receiver-server.js'
import { killServerProcesses, startServerProcess, type ServerProcess } from '../../support/server-process.js'

/**
 * Two local servers and a third engine (this process) on one PostgreSQL database. In each round a listener
 * is added, its deliveries are put in flight on every engine, every engine's notification connection is
 * terminated (pg_terminate_backend, as a failover or an idle-connection killer does) and the listener is
 * removed at once, while the engines are reconnecting and miss the removal's notification. Nothing may be
 * answered for a listener after its removal was acknowledged: the remover must keep waiting for the
 * requests of engines whose connections are gone but whose processes are alive.
 */
const ROUNDS = 3
/** Logs queued for the current listener and not yet arrived, at most: deliveries stay in flight on every engine. */
const BACKLOG = 24
const ANSWER_DELAY_MS = 150
const POLYGON = 137

const cleanups: (() => Promise<unknown>)[] = []
afterAll(async () => {
  killServerProcesses()
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined)
})

/** Answers every request after a delay; reports what arrived or was answered after its listener's removal. */
async function startSlowReceiver() {
  const arrivals = new Map<string, number>()
  const removed = new Set<string>()
  const afterRemoval: string[] = []
  const server = http.createServer((request, response) => {
    const name = request.url!.slice(1)
    arrivals.set(name, (arrivals.get(name) ?? 0) + 1)
    if (removed.has(name)) afterRemoval.push(`${name}: request arrived`)
    request.resume()
    setTimeout(() => {
      if (request.socket.destroyed) return // the engine aborted it: nothing was answered
      if (removed.has(name)) afterRemoval.push(`${name}: answered ${request.headers['webhook-id']}`)
      response.writeHead(204).end()
    }, ANSWER_DELAY_MS)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  cleanups.push(() => {
    server.closeAllConnections()
    return new Promise((resolve) => server.close(resolve))
  })
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    arrivals,
    afterRemoval,
    removalAcknowledged: (name: string) => removed.add(name),
  }
}

test('notification connections terminated between adds and removals: nothing is answered after a removal is acknowledged', async () => {
  const databaseUrl = await createTestDatabase('webhook_reconnect')
  const env = { WEBHOOK_ATTEMPT_TIMEOUT_MS: '2000' }
  const servers: ServerProcess[] = await Promise.all(
    ['A', 'B'].map((name) => startServerProcess(name, databaseUrl, env)),
  )
  const receiver = await startSlowReceiver()
  const sql = await openSql({ databaseUrl })
  // Its lost connections are expected here; the servers' logs are kept by startServerProcess.
  const ingester = await createWebhookEngine({ sql, allowPrivateTargets: true, idlePollMs: 50, log: () => undefined })
  await ingester.start()
  const admin = new pg.Client({ connectionString: databaseUrl })
  await admin.connect()
  cleanups.push(
    () => sql.close(),
    () => ingester.stop(),
    () => admin.end(),
  )
  const count = async (text: string, params: unknown[] = []) =>
    Number((await admin.query<{ n: number }>(`select count(*)::int as n from (${text}) t`, params)).rows[0]!.n)
  const liveNotificationConnections = () =>
    count('select pid from pg_stat_activity where application_name = $1 and datname = current_database()', [
      NOTIFICATION_APPLICATION_NAME,
    ])
  await waitUntil(async () => (await liveNotificationConnections()) === 3, 'three engines listen')

  // Logs keep coming for the listener of the round, so that its removal finds requests in flight everywhere.
  let current: string | undefined
  let ingestedForCurrent = 0
  let ingesting = true
  const ingestion = (async () => {
    for (let tokenId = 0n; ingesting; tokenId++) {
      const waiting = current === undefined || ingestedForCurrent - (receiver.arrivals.get(current) ?? 0) >= BACKLOG
      if (waiting) await new Promise((resolve) => setTimeout(resolve, 5))
      else {
        await ingester.ingest(POLYGON, streamMint(tokenId))
        ingestedForCurrent++
      }
    }
  })()

  const filters = streamFilters()
  for (let round = 0; round < ROUNDS; round++) {
    const name = `L${round}`
    const [adder, remover] = round % 2 === 0 ? [servers[0]!, servers[1]!] : [servers[1]!, servers[0]!]
    const { listener } = await adder.clients.indexer.addWebhookListener({ url: `${receiver.url}/${name}`, filters })
    await waitUntil(() => ingester.activeListeners === 1, `the ingester learns of ${name}`)
    ingestedForCurrent = 0
    current = name
    await waitUntil(() => (receiver.arrivals.get(name) ?? 0) >= BACKLOG, `deliveries to ${name} under way`)

    const terminate = async () =>
      (
        await admin.query<{ terminated: boolean }>(
          'select pg_terminate_backend(pid) as terminated from pg_stat_activity where application_name = $1 and datname = current_database()',
          [NOTIFICATION_APPLICATION_NAME],
        )
      ).rows.filter((row) => row.terminated).length
    expect(await terminate()).toBe(3)
    // Until the removal is acknowledged, every reconnection is terminated too (as by an idle-connection
    // killer), so no engine hears of the removal from a notification before then.
    let acknowledged = false
    const removal = remover.clients.indexer
      .removeWebhookListener({ id: listener.id!, projectId: String(listener.projectId) })
      .then(() => {
        receiver.removalAcknowledged(name)
        acknowledged = true
      })
    while (!acknowledged) await Promise.race([removal, terminate()])
    await removal
    current = undefined

    // Nothing is in flight any more: whatever the engines were sending was answered (or aborted) by now.
    await waitUntil(
      async () =>
        (await count('select 1 from webhook_outbox where in_flight_until > now()')) === 0 &&
        ingester.activeListeners === 0,
      `nothing in flight and ${name} forgotten`,
    )
    expect(receiver.afterRemoval).toEqual([])
    // Every engine is back and registered with its new notification backend.
    await waitUntil(
      async () =>
        (await liveNotificationConnections()) === 3 &&
        (await count('select 1 from webhook_engines e join pg_stat_activity a on a.pid = e.backend_pid')) === 3,
      'every engine re-registered with its new notification connection',
    )
  }
  ingesting = false
  await ingestion
  expect(receiver.afterRemoval).toEqual([])
  expect(receiver.arrivals.size).toBe(ROUNDS)
}, 120_000)
