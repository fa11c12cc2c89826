import type { Log } from '../../../observability/log.js'
import type { Sql } from '../../../store/sql.js'
import { lockedInOrder, moveFinishedToHistory } from './delivery-history.js'
import {
  createDayPartitions,
  DAY_MS,
  dayOfPartition,
  daysFrom,
  HISTORY_TABLES,
  partitionsOf,
  oneEngineAtATime,
  withShortLockWait,
  type HistoryTable,
} from './history-partitions.js'

/**
 * How long finished deliveries and attempts are kept by default: longer than a failing listener takes to be
 * disabled (5 days), so an owner who comes back to a disabled listener still finds what failed and recovers it.
 */
export const DEFAULT_HISTORY_RETENTION_MS = 30 * DAY_MS

/** How often an engine removes expired history and makes the coming days' tables. */
const ROUND_MS = 60 * 60 * 1000

/** An arbitrary constant naming the history's upkeep among the database's advisory locks: one engine at a time. */
const UPKEEP_LOCK_KEY = 0x77_65_62_68

/**
 * Drops the day tables whose whole day is older than the database's now less `retentionMs` (history is kept at
 * least the retention, at most a day longer); removes rows that old from the default partitions, and the outbox's
 * finished rows of dropped blocks finished that long ago; moves to history the outbox's finished rows whose
 * attempt's lease lapsed (an engine that stopped mid-send); makes the tables of today and the coming days. Returns
 * the tables dropped; undefined when another engine was doing it. `clockOffsetMs` moves the database's now (tests).
 *
 * The rows go in one transaction under an advisory lock (one engine at a time). Each table is then made or dropped
 * on its own, waiting at most PARTITION_LOCK_TIMEOUT_MS for its lock on the parent (withShortLockWait): the coming
 * days first, so a removal that fails never takes a creation back, and no outcome write waits on the upkeep longer.
 */
export async function removeExpiredHistory(
  sql: Sql,
  retentionMs: number,
  clockOffsetMs = 0,
): Promise<string[] | undefined> {
  const now = await sql.transaction(async (tx) => {
    const { rows } = await tx.query<{ locked: boolean; now: Date }>(
      `select pg_try_advisory_xact_lock($1) as locked, now() + $2::double precision * interval '1 millisecond' as now`,
      [UPKEEP_LOCK_KEY, clockOffsetMs],
    )
    if (!rows[0]?.locked) return undefined
    const cutoff = new Date(rows[0].now.getTime() - retentionMs)
    await moveFinishedToHistory(tx, 'true', [])
    await tx.query(
      `delete from webhook_outbox where uid in (${lockedInOrder(EXPIRED_IN_OUTBOX)}) and ${EXPIRED_IN_OUTBOX}`,
      [cutoff],
    )
    for (const [table, time] of Object.entries(HISTORY_TABLES))
      await tx.query(`delete from ${table}_default where ${time} < $1`, [cutoff])
    return rows[0].now.getTime()
  })
  if (now === undefined) return undefined
  const tables = Object.entries(HISTORY_TABLES) as [HistoryTable, string][]
  const dropped: string[] = []
  // Each table made or dropped on its own: one that cannot have its lock now (a long read of the history holds it)
  // is tried again next round, and holds up neither the others nor any outcome write.
  const failures: unknown[] = []
  const attempt = (change: () => Promise<void>) => change().catch((error: unknown) => void failures.push(error))
  await oneEngineAtATime(sql, async () => {
    for (const [table, time] of tables) await attempt(() => createDayPartitions(sql, table, time, daysFrom(now)))
    for (const [table] of tables) {
      const expired = (await partitionsOf(sql, table)).filter((name) => {
        const day = dayOfPartition(table, name)
        return day !== undefined && day + DAY_MS <= now - retentionMs
      })
      for (const name of expired)
        await attempt(async () => {
          await withShortLockWait(sql, `alter table ${table} detach partition ${name}`)
          await sql.query(`drop table ${name}`)
          dropped.push(name)
        })
    }
  })
  if (failures.length > 0)
    throw new AggregateError(failures, `${failures.length} history tables could not be changed now`)
  return dropped
}

/** An outbox row of a dropped block, finished before the cutoff ($1). */
const EXPIRED_IN_OUTBOX = `in_dropped_block and state <> 'pending' and finished_at < $1`

export interface HistoryRetention {
  start(): void
  stop(): Promise<void>
}

/** Runs removeExpiredHistory when started and every hour after, until stopped; a failed round is logged. */
export function historyRetention(options: { sql: Sql; retentionMs: number; log: Log }): HistoryRetention {
  let timer: NodeJS.Timeout | undefined
  let round: Promise<unknown> = Promise.resolve()
  const run = () => {
    round = removeExpiredHistory(options.sql, options.retentionMs).catch((error: unknown) =>
      options.log('removing expired webhook delivery history failed; the next round tries again', error),
    )
  }
  return {
    start() {
      if (timer) return
      run()
      timer = setInterval(run, ROUND_MS)
      timer.unref()
    },
    async stop() {
      clearInterval(timer)
      timer = undefined
      await round
    },
  }
}
