// Outcome writes while the history's upkeep runs: a steady stream of deliveries to one listener (a log queued every
// 10 ms), each outcome write timed (the transaction that records attempts), in phases of PHASE_MS alternated:
// without upkeep, and with rounds of upkeep back to back (each makes a coming day's table again and removes an
// expired one). In both, a reader holds the history's tables in a transaction for 800 ms of every second (a report or
// a backup). One engine on a PostgreSQL server, default settings; p50, p99 and the longest write of each phase.
// Run: npx tsx bench/webhook-upkeep.ts [rounds=3] [phase ms=5000]   (starts a throwaway Debian PostgreSQL; needs root)
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { setTimeout as sleep } from 'node:timers/promises'
import { openSql, type Sql } from '../src/store/sql.js'
import { createWebhookEngine } from '../src/webhook/index.js'
import { DAY_MS, partitionsOf, withShortLockWait } from '../src/webhook/engine/store/history-partitions.js'
import { removeExpiredHistory } from '../src/webhook/engine/store/history-retention.js'
import { streamFilters, streamMint } from '../test/webhook/support/logs.js'
import { timingOutcomes } from '../test/webhook/support/timed-outcomes.js'
import { startPostgres } from '../test/support/postgres-server.js'
import { freshDatabase } from './sizing/database-usage.js'

const ROUNDS = Number(process.argv[2] ?? 3)
const PHASE_MS = Number(process.argv[3] ?? 5_000)
const READ_MS = 800
const RETENTION_MS = 30 * DAY_MS

const percentile = (sorted: number[], share: number) => sorted[Math.max(0, Math.ceil(share * sorted.length) - 1)]!
const dayName = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10).replaceAll('-', '')

/** One round: a coming day's table dropped, to be made again, and an expired one made, to be removed. */
async function upkeepRound(sql: Sql) {
  await removeExpiredHistory(sql, RETENTION_MS, -40 * DAY_MS).catch(() => undefined)
  const coming = `webhook_history_d${dayName(3)}`
  // Detached as the upkeep detaches, so making work for the upkeep holds no write up either.
  if ((await partitionsOf(sql, 'webhook_history')).includes(coming))
    await withShortLockWait(sql, `alter table webhook_history detach partition ${coming}`).catch(() => undefined)
  if (!(await partitionsOf(sql, 'webhook_history')).includes(coming)) await sql.query(`drop table if exists ${coming}`)
  await removeExpiredHistory(sql, RETENTION_MS).catch(() => undefined)
}

async function main() {
  const receiver = http.createServer((request, response) => {
    request.resume()
    request.on('end', () => response.writeHead(204).end())
  })
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
  const postgres = await startPostgres()
  if (typeof postgres === 'string') throw new Error(`no PostgreSQL for the benchmark: ${postgres}`)
  const url = await freshDatabase(postgres.url, 'bench_upkeep')
  const sql = await openSql({ databaseUrl: url })
  const readerSql = await openSql({ databaseUrl: url })
  const durations = { current: [] as number[] }
  try {
    const engine = await createWebhookEngine({
      sql: timingOutcomes(sql, (ms) => durations.current.push(ms)),
      allowPrivateTargets: true,
    })
    await engine.start()
    await engine.addListener(1, {
      url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`,
      filters: streamFilters(),
    })
    let running = true
    let minted = 0n
    const stream = (async () => {
      while (running) {
        await engine.ingest(137, streamMint(++minted))
        await sleep(10)
      }
    })()
    const reader = (async () => {
      while (running) {
        await readerSql.transaction(async (tx) => {
          await tx.query('select count(*) from webhook_history')
          await tx.query('select count(*) from webhook_attempts')
          await sleep(READ_MS)
        })
        await sleep(1_000 - READ_MS)
      }
    })()
    const phases = { without: [] as number[], with: [] as number[] }
    await sleep(1_000)
    for (let round = 0; round < ROUNDS; round++) {
      for (const phase of ['without', 'with'] as const) {
        durations.current = phases[phase]
        const ends = performance.now() + PHASE_MS
        if (phase === 'without') await sleep(PHASE_MS)
        else while (performance.now() < ends) await upkeepRound(sql)
      }
    }
    running = false
    await Promise.all([stream, reader])
    await engine.stop()
    const row = (name: string, values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b)
      return `| ${name} | ${sorted.length} | ${percentile(sorted, 0.5).toFixed(1)} ms | ${percentile(sorted, 0.99).toFixed(1)} ms | ${sorted.at(-1)!.toFixed(1)} ms |`
    }
    console.log(
      '| outcome writes (PostgreSQL, a read holding the history 800 ms a second) | writes | p50 | p99 | longest |',
    )
    console.log('|---|---:|---:|---:|---:|')
    console.log(row('without upkeep', phases.without))
    console.log(row('with upkeep rounds back to back', phases.with))
  } finally {
    await sql.close()
    await readerSql.close()
    postgres.stop()
    receiver.close()
  }
}

await main()
