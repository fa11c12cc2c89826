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
 * Dropping a day's table waits for the statements reading the table to end, and holds up those arriving
 * meanwhile: it gives up after this long, and the next round tries again.
 */
const LOCK_TIMEOUT_MS = 1000

/**
 * Drops the day tables whose whole day is older than `now - retentionMs` (history is kept at least the
 * retention, at most a day longer); removes rows that old from the default partitions, and the outbox's finished
 * rows of dropped blocks finished that long ago; moves to history the outbox's finished rows whose attempt's lease
 * lapsed (an engine that stopped mid-send); makes the tables of today and the coming days. Returns the tables
 * dropped; undefined when another engine was doing it.
 */
export async function removeExpiredHistory(sql: Sql, retentionMs: number, now: number): Promise<string[] | undefined> {
  const cutoff = new Date(now - retentionMs)
  return sql.transaction(async (tx) => {
    const { rows } = await tx.query<{ locked: boolean }>('select pg_try_advisory_xact_lock($1) as locked', [
      UPKEEP_LOCK_KEY,
    ])
    if (!rows[0]?.locked) return undefined
    await moveFinishedToHistory(tx, 'true', [])
    await tx.query(
      `delete from webhook_outbox where uid in (${lockedInOrder(EXPIRED_IN_OUTBOX)}) and ${EXPIRED_IN_OUTBOX}`,
      [cutoff],
    )
    await tx.query(`set local lock_timeout = ${LOCK_TIMEOUT_MS}`)
    const dropped: string[] = []
    for (const [table, time] of Object.entries(HISTORY_TABLES) as [HistoryTable, string][]) {
      const expired = (await partitionsOf(tx, table)).filter((name) => {
        const day = dayOfPartition(table, name)
        return day !== undefined && day + DAY_MS <= cutoff.getTime()
      })
      for (const name of expired) {
        await tx.query(`drop table ${name}`)
        dropped.push(name)
      }
      await tx.query(`delete from ${table}_default where ${time} < $1`, [cutoff])
      await createDayPartitions(tx, table, time, daysFrom(now))
    }
    return dropped
  })
}

/** An outbox row of a dropped block, finished before the cutoff ($1). */
const EXPIRED_IN_OUTBOX = `in_dropped_block and state <> 'pending' and finished_at < $1`

export interface HistoryRetention {
  start(): void
  stop(): Promise<void>
}

/** Runs removeExpiredHistory when started and every hour after, until stopped; a failed round is logged. */
export function historyRetention(options: {
  sql: Sql
  retentionMs: number
  now: () => number
  log: Log
}): HistoryRetention {
  let timer: NodeJS.Timeout | undefined
  let round: Promise<unknown> = Promise.resolve()
  const run = () => {
    round = removeExpiredHistory(options.sql, options.retentionMs, options.now()).catch((error: unknown) =>
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
