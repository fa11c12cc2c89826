// Deliveries/s from the outbox to a loopback receiver (claim, sign, POST, record), against baselines
// measured in the same run: bare POSTs of the same bodies at the same concurrency, no engine, once with a
// new connection per POST (the baseline of earlier runs; what a sender faces against many receivers) and
// once over keep-alive connections (the engine's own transport to this one receiver). Cases: the embedded
// store (PGlite), one engine on a PostgreSQL server, three engines on that database (three processes,
// each its own pool).
// Run: npx tsx bench/webhook-delivery.ts [cases]   (starts a throwaway Debian PostgreSQL; needs root on Debian)
//   cases: a comma-separated list of pglite, postgres, postgres-3 (default: all three)
import { fork } from 'node:child_process'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import pg from 'pg'
import { openSql, type Sql } from '../src/store/sql.js'
import { createWebhookEngine, type WebhookEngine } from '../src/webhook/index.js'
import { transferSingleLog } from '../test/webhook/support/logs.js'
import { startPostgres } from '../test/support/postgres-server.js'

const DELIVERIES = 6_000
const CONCURRENCY = 32
const TOKEN_CONTRACT = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const BOB = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const engineOptions = { allowPrivateTargets: true, concurrency: CONCURRENCY, perListenerConcurrency: CONCURRENCY }
/** POSTs the receiver has answered: the engines are timed by it, so that the clock does not poll the database. */
let received = 0

const cases = new Set((process.argv[2] ?? 'pglite,postgres,postgres-3').split(','))

// One engine process of the three-engine case: made, then delivering from 'go' until 'stop', so the three start
// together when the clock starts.
if (process.argv[2] === 'engine') {
  const sql = await openSql({ databaseUrl: process.argv[3] })
  const engine = await createWebhookEngine({ sql, ...engineOptions })
  process.on('message', async (message) => {
    if (message === 'go') return engine.start()
    await engine.stop()
    await sql.close()
    process.exit(0)
  })
  process.send!('ready')
} else {
  await main()
}

async function main() {
  const receiver = http.createServer((request, response) => {
    request.resume()
    request.on('end', () => {
      received++
      response.writeHead(204).end()
    })
  })
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`
  const logs = Array.from({ length: DELIVERIES }, (_, i) =>
    transferSingleLog(TOKEN_CONTRACT, BOB, BOB, BOB, BigInt(i), 1n),
  )
  const bodies = logs.map((log) => JSON.stringify(log))

  const postgres = await startPostgres()
  if (typeof postgres === 'string') throw new Error(`no PostgreSQL for the benchmark: ${postgres}`)
  try {
    await barePosts(url, bodies, true) // warm-up: the first round runs before the JIT has the HTTP path hot
    const fresh = await barePosts(url, bodies, false)
    const kept = await barePosts(url, bodies, true)
    const rows: [string, number][] = []
    if (cases.has('pglite'))
      rows.push(['engine, embedded PGlite', await engineRate(await openSql(), 'in-process', url, logs)])
    const database = async (name: string) => {
      const admin = new pg.Client({ connectionString: postgres.url })
      await admin.connect()
      await admin.query(`CREATE DATABASE ${name}`)
      await admin.end()
      return postgres.url.replace(/\/[^/]*$/, `/${name}`)
    }
    const one = await database('bench_one')
    if (cases.has('postgres'))
      rows.push([
        '1 engine, PostgreSQL',
        await engineRate(await openSql({ databaseUrl: one }), 'in-process', url, logs),
      ])
    const three = await database('bench_three')
    if (cases.has('postgres-3'))
      rows.push([
        '3 engines (3 processes), PostgreSQL',
        await engineRate(await openSql({ databaseUrl: three }), three, url, logs),
      ])
    const freshAgain = await barePosts(url, bodies, false)
    const keptAgain = await barePosts(url, bodies, true)
    const freshBaseline = (fresh + freshAgain) / 2
    const keptBaseline = (kept + keptAgain) / 2
    const perSecond = (rate: number) => Math.round(rate).toLocaleString('en')
    console.log(
      `| case (${DELIVERIES.toLocaleString('en')} deliveries, ${CONCURRENCY} in flight per engine) | per second | × bare, new connection per POST | × bare, keep-alive |\n|---|---:|---:|---:|`,
    )
    console.log(
      `| bare POSTs, new connection each (before / after the engines) | ${perSecond(fresh)} / ${perSecond(freshAgain)} | 1.00 | |`,
    )
    console.log(
      `| bare POSTs, keep-alive (before / after the engines) | ${perSecond(kept)} / ${perSecond(keptAgain)} | | 1.00 |`,
    )
    for (const [name, rate] of rows)
      console.log(
        `| ${name} | ${perSecond(rate)} | ${(rate / freshBaseline).toFixed(2)} | ${(rate / keptBaseline).toFixed(2)} |`,
      )
  } finally {
    postgres.stop()
    receiver.close()
  }
}

async function barePosts(url: string, bodies: string[], keepAlive: boolean): Promise<number> {
  const agent = new http.Agent({ keepAlive })
  let next = 0
  const started = performance.now()
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < bodies.length) {
        const body = bodies[next++]!
        await new Promise<void>((resolve, reject) => {
          const request = http.request(
            url,
            { method: 'POST', agent, headers: { 'content-type': 'application/json' } },
            (response) => response.resume().on('end', resolve),
          )
          request.on('error', reject).end(body)
        })
      }
    }),
  )
  const rate = bodies.length / ((performance.now() - started) / 1000)
  agent.destroy()
  return rate
}

/** Queues every log with the engines stopped, then times delivery of the whole backlog. */
async function engineRate(
  sql: Sql,
  where: 'in-process' | string,
  url: string,
  logs: ReturnType<typeof transferSingleLog>[],
): Promise<number> {
  const queuer = await createWebhookEngine({ sql, ...engineOptions })
  await queuer.addListener(1, {
    url,
    filters: {
      contractAddresses: [TOKEN_CONTRACT],
      events: ['TransferSingle(address indexed,address indexed,address indexed,uint256,uint256)'],
    },
  })
  for (const log of logs) await queuer.ingest(1, log)
  const delivered = async () =>
    Number(
      (await sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM webhook_deliveries WHERE state = 'delivered'`))
        .rows[0]!.n,
    )
  const engines: WebhookEngine[] = where === 'in-process' ? [queuer] : []
  const processes = where === 'in-process' ? [] : [0, 1, 2].map(() => fork(import.meta.filename, ['engine', where]))
  await Promise.all(processes.map((child) => new Promise((resolve) => child.once('message', resolve))))
  const receivedBefore = received
  const started = performance.now()
  for (const child of processes) child.send('go')
  for (const engine of engines) await engine.start()
  // Counting delivered rows every few milliseconds would take a share of the database the engines are timed on:
  // the clock waits for the receiver to have every POST, then for the outcomes to be stored.
  while (received - receivedBefore < logs.length) await new Promise((resolve) => setTimeout(resolve, 5))
  while ((await delivered()) < logs.length) await new Promise((resolve) => setTimeout(resolve, 5))
  const rate = logs.length / ((performance.now() - started) / 1000)
  await Promise.all(processes.map((child) => new Promise((resolve) => child.once('exit', resolve).send('stop'))))
  await queuer.stop()
  await sql.close()
  return rate
}
