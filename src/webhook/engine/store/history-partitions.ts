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

/** The days' tables (days in epoch ms, any time within them) that are missing, of a table partitioned by `time`. */
export async function createDayPartitions(
  sql: Sql,
  table: string,
  time: string,
  days: readonly number[],
): Promise<void> {
  const existing = new Set(await partitionsOf(sql, table))
  for (const day of new Set(days.map(dayStart))) {
    const name = dayName(table, day)
    if (existing.has(name)) continue
    const bound = (ms: number) => `'${new Date(ms).toISOString()}'`
    // A day whose rows went to the default partition keeps them there (the day's table could not be made
    // over them) until the retention removes them.
    const { rows } = await sql.query(`select 1 from ${table}_default where ${time} >= $1 and ${time} < $2 limit 1`, [
      new Date(day),
      new Date(day + DAY_MS),
    ])
    if (rows.length > 0) continue
    await sql.query(
      `create table ${name} partition of ${table} for values from (${bound(day)}) to (${bound(day + DAY_MS)})`,
    )
  }
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

/** The definitions of a table's indexes that hold no uniqueness, to be made again on its partitioned form. */
async function plainIndexes(sql: Sql, table: string): Promise<string[]> {
  const { rows } = await sql.query<{ definition: string }>(
    `select pg_get_indexdef(i.indexrelid) as definition from pg_index i join pg_class c on c.oid = i.indrelid
     where c.relname = $1 and c.relnamespace = current_schema()::regnamespace and not i.indisunique`,
    [table],
  )
  return rows.map((row) => row.definition)
}

/**
 * Makes `table` partitioned by day of `time` with its rows and columns, its indexes made again and a day table for
 * every day its rows have. A unique index cannot be made again (it would have to hold the partition key).
 */
export async function partitionByDay(sql: Sql, table: string, time: string): Promise<void> {
  const indexes = await plainIndexes(sql, table)
  const old = `${table}_unpartitioned`
  await sql.query(`alter table ${table} rename to ${old}`)
  await sql.query(`create table ${table} (like ${old} including defaults) partition by range (${time})`)
  await sql.query(`create table ${table}_default partition of ${table} default`)
  const { rows } = await sql.query<{ day: Date }>(
    `select distinct date_trunc('day', ${time}, 'UTC') as day from ${old} where ${time} is not null
     union select now()`,
  )
  const days = rows.map((row) => row.day.getTime())
  await createDayPartitions(sql, table, time, [...days, ...daysFrom(Math.max(...days))])
  await sql.query(`insert into ${table} select * from ${old}`)
  // The attempt ids' sequence belongs to the old table's column: handed over, it outlives the old table.
  if (table === 'webhook_attempts')
    await sql.query(`alter sequence webhook_attempts_id_seq owned by webhook_attempts.id`)
  await sql.query(`drop table ${old}`)
  for (const definition of indexes) await sql.query(definition)
}

/**
 * The migration step of the first partitioned layout: the outbox by the day a row was queued, attempts by the
 * attempt's day, each indexed by uid in place of a key.
 */
export async function partitionHistoryTables(sql: Sql): Promise<void> {
  await partitionByDay(sql, 'webhook_outbox', 'created_at')
  await partitionByDay(sql, 'webhook_attempts', 'at')
  await sql.query(`create index webhook_outbox_by_uid on webhook_outbox (uid)`)
  await sql.query(`create index webhook_attempts_by_uid on webhook_attempts (uid)`)
}
