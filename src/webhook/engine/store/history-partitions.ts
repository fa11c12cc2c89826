import type { Sql } from '../../../store/sql.js'

/**
 * Delivery history kept by day, so what has outlived the retention goes by dropping whole tables: the space
 * returns to the file system at once, with no dead rows left for vacuum and no long delete holding locks.
 *
 * webhook_history holds finished deliveries by the day they finished (finished_at), webhook_attempts attempts by
 * the day they were made (at), days in UTC. Neither holds a row still to be sent: pending deliveries live in
 * webhook_outbox (delivery-history.ts), so a day's table is dropped whole. The default partition holds what no
 * day's table covers (a time an engine's clock put far ahead) and loses its rows to the same retention, row by row.
 */
export const HISTORY_TABLES = {
  webhook_history: 'finished_at',
  webhook_attempts: 'at',
} as const

export type HistoryTable = keyof typeof HISTORY_TABLES

export const DAY_MS = 24 * 60 * 60 * 1000

/** Day tables made ahead of need, so a new row finds its day's table whatever the hour. */
export const DAYS_AHEAD = 3

export const dayStart = (ms: number) => Math.floor(ms / DAY_MS) * DAY_MS

const dayName = (table: string, day: number) =>
  `${table}_d${new Date(day).toISOString().slice(0, 10).replaceAll('-', '')}`

/** The day of a day table's name, in epoch ms; undefined for the default partition. */
export function dayOfPartition(table: string, name: string): number | undefined {
  const match = new RegExp(`^${table}_d(\\d{4})(\\d{2})(\\d{2})$`).exec(name)
  return match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : undefined
}

/**
 * The longest wait for a lock on a partitioned parent: a change of its partitions that waits longer gives up and is
 * tried again, so the statements queued behind it (outcome writes) never wait more than about this long.
 */
export const PARTITION_LOCK_TIMEOUT_MS = 5

/** Tries of one change of a parent's partitions, each after the one before gave up waiting for its lock. */
const PARTITION_LOCK_TRIES = 10

/** Runs `fn` under the database's setup lock: engines changing one parent's partitions at once take turns. */
export const oneEngineAtATime = <T>(sql: Sql, fn: () => Promise<T>): Promise<T> =>
  sql.oneAtATime ? sql.oneAtATime(fn) : fn()

/** Runs `statement` in a transaction of its own that gives up waiting for a lock after PARTITION_LOCK_TIMEOUT_MS. */
export async function withShortLockWait(sql: Sql, statement: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await sql.transaction(async (tx) => {
        await tx.query(`set local lock_timeout = ${PARTITION_LOCK_TIMEOUT_MS}`)
        await tx.query(statement)
      })
      return
    } catch (error) {
      const lockTimedOut = (error as { code?: string }).code === '55P03'
      if (!lockTimedOut || attempt >= PARTITION_LOCK_TRIES) throw error
      await new Promise((resolve) => setTimeout(resolve, PARTITION_LOCK_TIMEOUT_MS * attempt))
    }
  }
}

/**
 * Makes the days' tables (days in epoch ms, any time within them) that are missing, of a table partitioned by
 * `time`, each on its own: a table made apart, then attached (SHARE UPDATE EXCLUSIVE on the parent, which no read or
 * write waits for), never CREATE … PARTITION OF, whose ACCESS EXCLUSIVE lock every outcome write would queue behind.
 * A day whose rows went to the default partition keeps them there (its table cannot be attached over them) until
 * the retention removes them.
 */
export async function createDayPartitions(
  sql: Sql,
  table: string,
  time: string,
  days: readonly number[],
): Promise<void> {
  const existing = new Set(await partitionsOf(sql, table))
  const failures: unknown[] = []
  for (const day of new Set(days.map(dayStart))) {
    const name = dayName(table, day)
    if (existing.has(name)) continue
    const { rows } = await sql.query(`select 1 from ${table}_default where ${time} >= $1 and ${time} < $2 limit 1`, [
      new Date(day),
      new Date(day + DAY_MS),
    ])
    if (rows.length > 0) continue
    const from = `'${new Date(day).toISOString()}'`
    const to = `'${new Date(day + DAY_MS).toISOString()}'`
    await sql.query(`create table if not exists ${name} (like ${table} including defaults)`)
    // The bound as a constraint beforehand, so attaching scans nothing.
    await sql.query(`alter table ${name} drop constraint if exists ${name}_bound`)
    await sql.query(
      `alter table ${name} add constraint ${name}_bound check (${time} is not null and ${time} >= ${from} and ${time} < ${to})`,
    )
    // Attaching locks the default partition too: a long read of it makes this wait, and the next round try again
    // (the table stays made, unattached, meanwhile; its day's rows go to the default until then).
    try {
      await withShortLockWait(sql, `alter table ${table} attach partition ${name} for values from (${from}) to (${to})`)
      await sql.query(`alter table ${name} drop constraint ${name}_bound`)
    } catch (error) {
      failures.push(error)
    }
  }
  if (failures.length > 0)
    throw new AggregateError(failures, `${failures.length} day tables of ${table} not attached now`)
}

/** The day of `now` and the DAYS_AHEAD after it. */
export const daysFrom = (now: number) => Array.from({ length: DAYS_AHEAD + 1 }, (_, i) => now + i * DAY_MS)

export async function partitionsOf(sql: Sql, table: string): Promise<string[]> {
  const { rows } = await sql.query<{ name: string }>(
    `select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
     join pg_class p on p.oid = i.inhparent where p.relname = $1 and p.relnamespace = current_schema()::regnamespace`,
    [table],
  )
  return rows.map((row) => row.name)
}
