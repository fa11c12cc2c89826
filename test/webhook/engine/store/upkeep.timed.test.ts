import { setTimeout as sleep } from 'node:timers/promises'
import { afterEach, expect, test } from 'vitest'
import { openSql, type Sql } from '../../../../src/store/sql.js'
import { createWebhookEngine } from '../../../../src/webhook/index.js'
import { DAY_MS, partitionsOf, withShortLockWait } from '../../../../src/webhook/engine/store/history-partitions.js'
import { removeExpiredHistory } from '../../../../src/webhook/engine/store/history-retention.js'
import { dumpedStore } from '../../../support/store-dump.js'
import { createTestDatabase } from '../../../local/support.js'
import { streamFilters, streamMint } from '../../support/logs.js'
import { startRawServer } from '../../support/raw-server.js'
import { timingOutcomes } from '../../support/timed-outcomes.js'
import { waitUntil } from '../../support/receiver-server.js'

/**
 * The history's upkeep never stalls delivery: while deliveries stream and a long read holds the history's tables
 * (a report, a backup), rounds of upkeep make the coming days' tables and remove an expired one, and no outcome
 * write waits on them. Making a day table as CREATE … PARTITION OF (ACCESS EXCLUSIVE on the parent, queued behind
 * the read) would hold every outcome write for the read's length.
 */
const READ_MS = 800
const ROUNDS = 3
/** Far below READ_MS, far above one outcome write. */
const LONGEST_WRITE_MS = 250

const cleanups: (() => Promise<unknown>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

/** The embedded store runs one statement at a time: there a long read holds every write up, upkeep or not. */
const stores: [string, () => Promise<{ engineSql: Sql; readerSql?: Sql }>][] = [
  ['the embedded store', async () => ({ engineSql: await openSql({ dataDirDump: dumpedStore() }) })],
  [
    'PostgreSQL',
    async () => {
      const databaseUrl = await createTestDatabase('webhook_upkeep')
      return { engineSql: await openSql({ databaseUrl }), readerSql: await openSql({ databaseUrl }) }
    },
  ],
]

test.each(stores)('on %s, upkeep beside a long read never holds an outcome write up', async (_, open) => {
  const { engineSql, readerSql } = await open()
  cleanups.push(async () => {
    await engineSql.close()
    await readerSql?.close()
  })
  const receiver = await startRawServer((_, response) => response.writeHead(204).end())
  cleanups.push(receiver.close)
  const durations: number[] = []
  const engine = await createWebhookEngine({
    sql: timingOutcomes(engineSql, (ms) => durations.push(ms)),
    allowPrivateTargets: true,
    idlePollMs: 20,
  })
  await engine.start()
  cleanups.push(() => engine.stop())
  await engine.addListener(1, { url: receiver.url, filters: streamFilters() })

  let streaming = true
  let minted = 0n
  const stream = (async () => {
    while (streaming) {
      await engine.ingest(137, streamMint(++minted))
      await sleep(10)
    }
  })()
  await waitUntil(() => durations.length >= 10, 'deliveries are being recorded')
  const before = durations.length
  for (let round = 0; round < ROUNDS; round++) {
    // A day table past the retention to remove, and a coming day's table to make again.
    await removeExpiredHistory(engineSql, 30 * DAY_MS, -40 * DAY_MS)
    const coming = `webhook_history_d${dayName(3)}`
    // Detached as the upkeep detaches (no read is under way here), for the upkeep to make again.
    if ((await historyPartitions(engineSql)).includes(coming))
      await withShortLockWait(engineSql, `alter table webhook_history detach partition ${coming}`)
    await engineSql.query(`drop table if exists ${coming}`)
    const read = readerSql?.transaction(async (tx) => {
      await tx.query('select count(*) from webhook_history')
      await tx.query('select count(*) from webhook_attempts')
      await sleep(READ_MS)
    })
    await sleep(50)
    const upkeep = removeExpiredHistory(engineSql, 30 * DAY_MS).catch((error: unknown) => error)
    await Promise.all([read, upkeep])
  }
  streaming = false
  await stream
  const during = durations.slice(before)
  // Once no read holds the history, the next round makes what the last ones could not.
  await removeExpiredHistory(engineSql, 30 * DAY_MS)
  expect(during.length).toBeGreaterThanOrEqual(ROUNDS)
  expect(Math.max(...during), `the longest of ${during.length} outcome writes, ms`).toBeLessThan(LONGEST_WRITE_MS)
  expect(await historyPartitions(engineSql)).toContain(`webhook_history_d${dayName(3)}`)
  expect(await historyPartitions(engineSql)).not.toContain(`webhook_history_d${dayName(-40)}`)
})

const historyPartitions = (sql: Sql) => partitionsOf(sql, 'webhook_history')

/** The day table suffix of today + `days` by the UTC calendar. */
function dayName(days: number): string {
  return new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10).replaceAll('-', '')
}
