import type { Log } from '../../../observability/log.js'
import type { Sql } from '../../../store/sql.js'
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
 * retention, at most a day longer), keeping their pending rows; removes finished rows that old from the default
 * partitions; makes the tables of today and the coming days. Returns the tables dropped; undefined when another
 * engine was doing it.
 */
export async function removeExpiredHistory(sql: Sql, retentionMs: number, now: number): Promise<string[] | undefined> {
  const cutoff = now - retentionMs
  return sql.transaction(async (tx) => {
    const { rows } = await tx.query<{ locked: boolean }>('select pg_try_advisory_xact_lock($1) as locked', [
      UPKEEP_LOCK_KEY,
    ])
    if (!rows[0]?.locked) return undefined
    await tx.query(`set local lock_timeout = ${LOCK_TIMEOUT_MS}`)
    const dropped: string[] = []
    for (const table of Object.keys(HISTORY_TABLES) as HistoryTable[]) {
      const { time, finished } = HISTORY_TABLES[table]
      const expired = (await partitionsOf(tx, table)).filter((name) => {
        const day = dayOfPartition(table, name)
        return day !== undefined && day + DAY_MS <= cutoff
      })
      // Taken first, so no row changes between being read here and its table being dropped.
      if (expired.length > 0) await tx.query(`lock table ${table} in access exclusive mode`)
      for (const name of expired) {
        await tx.query(`create temporary table kept_rows as select * from ${name} where not (${finished})`)
        await tx.query(`drop table ${name}`)
        await tx.query(`insert into ${table} select * from kept_rows`)
        await tx.query(`drop table kept_rows`)
        dropped.push(name)
      }
      await tx.query(`delete from ${table}_default where ${time} < $1 and ${finished}`, [new Date(cutoff)])
      await createDayPartitions(tx, table, daysFrom(now))
    }
    return dropped
  })
}

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
