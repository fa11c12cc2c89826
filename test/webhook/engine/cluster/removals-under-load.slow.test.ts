import { readFileSync } from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, expect, test } from 'vitest'
import { openSql } from '../../../../src/store/sql.js'
import { createWebhookEngine } from '../../../../src/webhook/index.js'
import { startPostgresCluster } from '../../../support/postgres-server.js'
import { streamFilters, streamMint } from '../../support/logs.js'
import { waitUntil } from '../../support/receiver-server.js'
import { killServerProcesses, startServerProcess, type ServerProcess } from '../../support/server-process.js'

/**
 * Two local servers on a PostgreSQL server of this test's own, a steady stream of deliveries to a receiver
 * that answers after 100 ms, and listeners removed one after another while their deliveries are claimed and
 * their outcomes written by both servers: every removal answers OK, and PostgreSQL's log shows no deadlock.
 */
const REMOVALS = 20
const POLYGON = 137

const cleanups: (() => Promise<unknown>)[] = []
afterAll(async () => {
  killServerProcesses()
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined)
})

/** Answers 204 after 100 ms; counts requests by listener (URL path). */
async function startReceiver() {
  const byListener = new Map<string, number>()
  const server = http.createServer((request, response) => {
    const name = request.url!.slice(1)
    byListener.set(name, (byListener.get(name) ?? 0) + 1)
    request.resume()
    const timer = setTimeout(() => response.writeHead(204).end(), 100)
    response.on('close', () => clearTimeout(timer))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  cleanups.push(() => {
    server.closeAllConnections()
    return new Promise((resolve) => server.close(resolve))
  })
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, byListener }
}

test('listeners removed one after another under a steady stream of deliveries: every removal answers OK, no deadlock', async () => {
  const postgres = await startPostgresCluster('webhook_removals')
  if (typeof postgres === 'string') throw new Error(postgres)
  cleanups.push(async () => postgres.stop())
  const servers = await Promise.all(['A', 'B'].map((name) => startServerProcess(name, postgres.url)))
  const [a, b] = servers as [ServerProcess, ServerProcess]
  const receiver = await startReceiver()

  // The logs come in through a third engine on the database, in this process.
  const sql = await openSql({ databaseUrl: postgres.url })
  const ingester = await createWebhookEngine({ sql, allowPrivateTargets: true })
  cleanups.push(
    () => sql.close(),
    () => ingester.stop(),
  )
  const filters = streamFilters()
  const add = (server: ServerProcess, name: string) =>
    server.clients.indexer.addWebhookListener({ url: `${receiver.url}/${name}`, filters })
  // Listeners that stay, so each server's claims and outcome writes span several listeners' rows.
  for (const name of ['K1', 'K2', 'K3']) await add(a, name)

  let streaming = true
  let ingested = 0
  const stream = (async () => {
    // A steady stream, paced (about 20 logs a second, 80 deliveries with four listeners) so it stays under what
    // two engines deliver even on a loaded machine: an unpaced one grew a backlog that each new listener's
    // first deliveries waited behind, since deliveries are claimed in the order they fall due.
    for (let id = 1n; streaming; id++) {
      await ingester.ingest(POLYGON, streamMint(id))
      ingested++
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  })()
  cleanups.push(async () => {
    streaming = false
    await stream
  })

  const started = performance.now()
  for (let round = 1; round <= REMOVALS; round++) {
    const name = `R${round}`
    const [adder, remover] = round % 2 ? [a, b] : [b, a]
    const { listener } = await add(adder, name)
    await waitUntil(() => (receiver.byListener.get(name) ?? 0) >= 3, `${name} receives deliveries`, 30_000)
    const removed = await remover.clients.indexer.removeWebhookListener({
      id: listener.id!,
      projectId: String(listener.projectId),
    })
    expect(removed.status, `removal ${round}`).toBe(true)
  }
  const removalsMs = performance.now() - started
  streaming = false
  await stream

  const log = readFileSync(postgres.logFile, 'utf8')
  expect(log.split('\n').filter((line) => line.includes('deadlock detected'))).toEqual([])
  for (const server of servers) expect(server.stderr.filter((line) => /deadlock|40P01/.test(line))).toEqual([])
  console.log(
    `removals under load: ${REMOVALS} removals answered OK in ${Math.round(removalsMs)} ms, ${ingested} logs ingested ` +
      `meanwhile, ${[...receiver.byListener.values()].reduce((sum, n) => sum + n, 0)} requests received`,
  )
}, 180_000)
