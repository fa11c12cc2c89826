// Deliveries/s from the outbox to a loopback receiver (sign, POST, record), against a baseline
// measured in the same run: bare POSTs of the same bodies at the same concurrency, no engine.
// Run: npx tsx bench/webhook-delivery.ts
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { openSql } from '../src/store/sql.js'
import { createWebhookEngine } from '../src/webhook/index.js'
import { transferSingleLog } from '../test/webhook/support/logs.js'

const DELIVERIES = 2_000
const CONCURRENCY = 16
const CONTRACT = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const BOB = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

const server = http.createServer((request, response) => {
  request.resume()
  request.on('end', () => response.writeHead(204).end())
})
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`

const sql = await openSql()
const engine = await createWebhookEngine({
  sql,
  allowPrivateTargets: true,
  concurrency: CONCURRENCY,
  perListenerConcurrency: CONCURRENCY,
  idlePollMs: 10,
})
await engine.addListener('bench', {
  url,
  filters: {
    contractAddresses: [CONTRACT],
    events: ['TransferSingle(address indexed,address indexed,address indexed,uint256,uint256)'],
  },
})
const bodies: string[] = []
for (let i = 0; i < DELIVERIES; i++) {
  const log = transferSingleLog(CONTRACT, BOB, BOB, BOB, BigInt(i), 1n)
  await engine.ingest(1, log)
  bodies.push(JSON.stringify(log))
}

const agent = new http.Agent({ keepAlive: false })
async function barePosts(): Promise<number> {
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
  return bodies.length / ((performance.now() - started) / 1000)
}

const baseline = await barePosts()
const started = performance.now()
await engine.start()
for (;;) {
  const { rows } = await sql.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM webhook_outbox WHERE state = 'delivered'`,
  )
  if (rows[0]!.n === DELIVERIES) break
  await new Promise((resolve) => setTimeout(resolve, 20))
}
const rate = DELIVERIES / ((performance.now() - started) / 1000)
await engine.stop()
await sql.close()
server.close()

console.log(
  `| case (${DELIVERIES.toLocaleString('en')} deliveries, concurrency ${CONCURRENCY}) | per second | ratio |\n|---|---:|---:|`,
)
console.log(`| bare POSTs, no engine (baseline) | ${Math.round(baseline).toLocaleString('en')} | 1.00 |`)
console.log(
  `| engine: claim, sign, POST, record (embedded PGlite) | ${Math.round(rate).toLocaleString('en')} | ${(rate / baseline).toFixed(2)} |`,
)
