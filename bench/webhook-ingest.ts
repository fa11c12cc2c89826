// Single-log ingest: LOGS logs of one token contract queued one `ingest` call at a time (each matched, its payload
// built and checked, and queued in a transaction of its own) for one listener whose receiver is never called (the
// engine is not started), on the embedded store and on a PostgreSQL server. Prints the time of each store; run it in
// two checkouts, alternated, for a ratio.
// Run: npx tsx bench/webhook-ingest.ts [logs=6000] [stores=embedded,postgres]
//      (postgres starts a throwaway Debian PostgreSQL; needs root on Debian)
import { openSql, type Sql } from '../src/store/sql.js'
import { createWebhookEngine } from '../src/webhook/index.js'
import { transferSingleLog } from '../test/webhook/support/logs.js'
import { startPostgres } from '../test/support/postgres-server.js'

const LOGS = Number(process.argv[2] ?? 6_000)
const STORES = (process.argv[3] ?? 'embedded,postgres').split(',')
const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const HOLDER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const EVENT = 'TransferSingle(address indexed,address indexed,address indexed,uint256,uint256)'

async function timeIngest(sql: Sql): Promise<number> {
  const engine = await createWebhookEngine({ sql, allowPrivateTargets: true })
  await engine.addListener(1, {
    url: 'http://127.0.0.1:9/hook',
    filters: { contractAddresses: [TOKEN], events: [EVENT] },
  })
  const logs = Array.from({ length: LOGS }, (_, i) =>
    transferSingleLog(TOKEN, HOLDER, HOLDER, HOLDER, BigInt(i + 1), 1n),
  )
  const started = performance.now()
  for (const log of logs) await engine.ingest(137, log)
  const ms = performance.now() - started
  await engine.stop()
  return ms
}

for (const store of STORES) {
  const postgres = store === 'postgres' ? await startPostgres() : undefined
  if (typeof postgres === 'string') throw new Error(`no PostgreSQL for the benchmark: ${postgres}`)
  const sql = postgres ? await openSql({ databaseUrl: postgres.url }) : await openSql()
  try {
    const ms = await timeIngest(sql)
    console.log(
      `${store}: ${LOGS} logs ingested one at a time in ${(ms / 1000).toFixed(2)} s (${(ms / LOGS).toFixed(2)} ms a log)`,
    )
  } finally {
    await sql.close()
    postgres?.stop()
  }
}
