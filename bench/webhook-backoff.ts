// A healthy listener beside listeners waiting in backoff: how long one healthy listener's delivery takes (from the
// log queued to the request at its receiver) alone, then beside WAITING listeners whose single pending rows wait
// in backoff (due in an hour, as after a failed attempt), in the same run on the same database: ours ÷ alone, at
// the median and the 99th percentile. One engine, default settings; the healthy listener's logs are queued one at
// a time, each after the last arrived. The waiting listeners are rows of the engine's tables made in bulk (copies
// of the healthy listener's row, watching a contract that never emits), then the tables are analyzed.
// Run: npx tsx bench/webhook-backoff.ts [waiting=100000] [deliveries per phase=300] [store: postgres | embedded]
//      (postgres starts a throwaway Debian PostgreSQL; needs root on Debian)
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { openSql, type Sql } from '../src/store/sql.js'
import { createWebhookEngine, type InjectedLog } from '../src/webhook/index.js'
import { transferSingleLog } from '../test/webhook/support/logs.js'
import { startPostgres } from '../test/support/postgres-server.js'
import { freshDatabase } from './sizing/database-usage.js'

const WAITING = Number(process.argv[2] ?? 100_000)
const PER_PHASE = Number(process.argv[3] ?? 300)
const STORE = process.argv[4] ?? 'postgres'
const POLYGON = 137
const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const SILENT = '0x000000000000000000000000000000000000dEaD'
const HOLDER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const EVENT = 'TransferSingle(address indexed,address indexed,address indexed,uint256,uint256)'

const percentile = (sorted: number[], share: number) => sorted[Math.max(0, Math.ceil(share * sorted.length) - 1)]!

async function main() {
  let arrived: (() => void) | undefined
  const receiver = http.createServer((request, response) => {
    request.resume()
    request.on('end', () => {
      response.writeHead(204).end()
      arrived?.()
    })
  })
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`
  const postgres = STORE === 'postgres' ? await startPostgres() : undefined
  if (typeof postgres === 'string') throw new Error(`no PostgreSQL for the benchmark: ${postgres}`)
  const sql = postgres
    ? await openSql({ databaseUrl: await freshDatabase(postgres.url, 'bench_backoff') })
    : await openSql()
  try {
    // No reconciliation during the run: the bulk rows would be loaded into the engine's copy meanwhile.
    const engine = await createWebhookEngine({ sql, allowPrivateTargets: true, listenerReconcileMs: 3_600_000 })
    await engine.start()
    const healthy = await engine.addListener(1, { url, filters: { contractAddresses: [TOKEN], events: [EVENT] } })
    let tokenId = 0n
    const phase = async () => {
      const latencies: number[] = []
      for (let i = 0; i < PER_PHASE; i++) {
        const { address, topics, data } = transferSingleLog(TOKEN, HOLDER, HOLDER, HOLDER, ++tokenId, 1n)
        const log: InjectedLog = { address, topics, data }
        const delivered = new Promise<void>((resolve) => (arrived = resolve))
        const started = performance.now()
        await engine.injectBlock(POLYGON, [log])
        await delivered
        latencies.push(performance.now() - started)
      }
      const sorted = latencies.sort((a, b) => a - b)
      return { p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99) }
    }
    await phase() // warm-up
    const alone = await phase()
    await addWaitingListeners(sql, healthy.id, WAITING)
    const beside = await phase()
    await engine.stop()
    const ms = (value: number) => `${value.toFixed(1)} ms`
    console.log(
      `| ${STORE}: ${PER_PHASE} deliveries of one listener | alone | beside ${WAITING.toLocaleString('en')} waiting | ours ÷ alone |`,
    )
    console.log('|---|---:|---:|---:|')
    console.log(`| p50 | ${ms(alone.p50)} | ${ms(beside.p50)} | ${(beside.p50 / alone.p50).toFixed(2)}× |`)
    console.log(`| p99 | ${ms(alone.p99)} | ${ms(beside.p99)} | ${(beside.p99 / alone.p99).toFixed(2)}× |`)
  } finally {
    await sql.close()
    postgres?.stop()
    receiver.close()
  }
}

/**
 * `count` listeners like `template`, watching a contract that never emits, each with one row due in an hour (the
 * rows an attempt that failed leaves, made in bulk).
 */
async function addWaitingListeners(sql: Sql, template: string, count: number) {
  const filters = JSON.stringify({ contractAddresses: [SILENT.toLowerCase()], events: [EVENT] })
  await sql.query(
    `insert into webhook_listeners (id, project_id, chain_id, url, filters, secret, active, created_at, updated_at)
     select 'waiting-' || n, project_id, chain_id, url, $2::jsonb, secret, true, now(), now()
     from webhook_listeners, generate_series(1, $3::int) as n where id = $1`,
    [template, filters, count],
  )
  await sql.query(
    `insert into webhook_outbox (uid, listener_id, chain_id, block_number, block_hash, body, state, attempts,
       next_attempt_at, last_status, last_error, created_at)
     select 'waiting-' || n, 'waiting-' || n, ${POLYGON}, 1, '0x' || repeat('b', 64), '{"type":"BLOCK_ADDED"}',
       'pending', 1, now() + interval '1 hour', 503, 'HTTP 503', now()
     from generate_series(1, $1::int) as n`,
    [count],
  )
  // Each listener ready when its row falls due, as a failed attempt's outcome leaves it.
  await sql.query(
    `insert into webhook_listener_ready (listener_id, ready_at)
     select 'waiting-' || n, now() + interval '1 hour' from generate_series(1, $1::int) as n`,
    [count],
  )
  await sql.query('analyze')
}

await main()
