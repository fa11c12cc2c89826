import type { Sql } from '../../../store/sql.js'
import { createDayPartitions, daysFrom, HISTORY_TABLES } from './history-partitions.js'

/**
 * Deliveries live in two tables. webhook_outbox holds what the engine still works on: every pending row (the
 * claim's partial indexes see only those), a finished row whose attempt is still in flight, and every row of a
 * block a reorg dropped, BLOCK_REMOVED rows included. webhook_history holds the rest, finished, partitioned by the
 * day they finished (history-partitions.ts). A uid is in one of them, never both.
 *
 * So the outbox stays the size of the work to do however long history is kept, and a uid is a key there. Every
 * question the engine asks of a uid while it queues (was this log's copy reorged? was its BLOCK_ADDED taken
 * back?) concerns a row of a dropped block, and a reorg brings its blocks' rows back from history before it asks
 * (bringBackFromHistory): a log is only queued again when its block was dropped.
 */

/** What a finished delivery keeps: the outbox's columns but those of its scheduling and its attempt's lease. */
export const HISTORY_COLUMNS = [
  'uid',
  'listener_id',
  'chain_id',
  'block_number',
  'block_hash',
  'body',
  'state',
  'attempts',
  'retry_from',
  'last_status',
  'last_error',
  'created_at',
  'finished_at',
] as const

const columns = HISTORY_COLUMNS.join(', ')

/**
 * SQL: the uids of the outbox rows matching `where`, locked by uid, ascending. Every statement that locks several
 * outbox rows takes them in this order, so two never wait for each other in a cycle (a deadlock). The statement
 * using it repeats its condition: a row changed while this one waited for its lock may no longer meet it.
 */
export const lockedInOrder = (where: string) => `select uid from webhook_outbox where ${where} order by uid for update`

/** A row that is finished, held by no attempt and of no dropped block: its place is the history. */
const LEAVES_OUTBOX = `state <> 'pending' and not in_dropped_block and (in_flight_until is null or in_flight_until <= now())`

/** What a moved row writes into the history: a finished row without its finishing time gets the move's. */
const returnedForHistory = HISTORY_COLUMNS.map((column) =>
  column === 'finished_at' ? 'coalesce(finished_at, now()) as finished_at' : column,
).join(', ')

/** Moves the outbox rows matching `where` that are finished, held by no attempt and of no dropped block. */
export async function moveFinishedToHistory(sql: Sql, where: string, params: unknown[]): Promise<void> {
  await sql.query(
    `with moved as (
       delete from webhook_outbox where uid in (${lockedInOrder(`(${where}) and ${LEAVES_OUTBOX}`)}) and ${LEAVES_OUTBOX}
       returning ${returnedForHistory}
     )
     insert into webhook_history (${columns}) select ${columns} from moved`,
    params,
  )
}

/**
 * Moves the history rows matching `where` back to the outbox, as they are (finished): a reorg's dropped blocks
 * (inDroppedBlock) or deliveries the owner requeues. A uid already in the outbox (never so, as a uid is in one table)
 * keeps its history row rather than losing it; inserting it twice fails the transaction.
 */
export async function bringBackFromHistory(
  sql: Sql,
  where: string,
  params: unknown[],
  inDroppedBlock: boolean,
): Promise<void> {
  await sql.query(
    `with moved as (
       delete from webhook_history h where (${where}) and not exists (select 1 from webhook_outbox o where o.uid = h.uid)
       returning ${columns}
     )
     insert into webhook_outbox (${columns}, next_attempt_at, in_dropped_block)
     select ${columns}, finished_at, ${inDroppedBlock} from moved`,
    params,
  )
}

/**
 * The migration step: the outbox, partitioned by the day a row was queued, becomes the outbox of the rows the
 * engine works on, with uid its key again, and webhook_history of the rest, by the day they finished.
 */
export async function separateHistoryFromOutbox(sql: Sql): Promise<void> {
  const old = 'webhook_outbox_by_queued_day'
  await sql.query(`alter table webhook_outbox rename to ${old}`)
  await sql.query(`create table webhook_outbox (like ${old} including defaults)`)
  // in_dropped_block: the row's block was dropped by a reorg (a BLOCK_REMOVED's is the block it takes back).
  await sql.query(
    `alter table webhook_outbox add primary key (uid), add column in_dropped_block boolean not null default false`,
  )
  await sql.query(
    `create table webhook_history (
       uid text not null, listener_id text not null, chain_id bigint not null, block_number bigint not null,
       block_hash text not null, body text not null, state text not null, attempts integer not null,
       retry_from integer not null, last_status integer, last_error text, created_at timestamptz not null,
       finished_at timestamptz not null) partition by range (finished_at)`,
  )
  await sql.query(`create table webhook_history_default partition of webhook_history default`)
  const { rows } = await sql.query<{ day: Date }>(
    `select distinct date_trunc('day', finished_at, 'UTC') as day from ${old} where finished_at is not null
     union select now()`,
  )
  const days = rows.map((row) => row.day.getTime())
  await createDayPartitions(sql, 'webhook_history', HISTORY_TABLES.webhook_history, [
    ...days,
    ...daysFrom(Math.max(...days)),
  ])
  const dropped = `exists (select 1 from ${old} r where r.chain_id = o.chain_id and r.block_hash = o.block_hash
                   and (r.state = 'reorged' or r.body::json ->> 'type' = 'BLOCK_REMOVED'))`
  await sql.query(
    `insert into webhook_outbox select o.*, ${dropped} from ${old} o where o.state = 'pending' or ${dropped}`,
  )
  await sql.query(
    `insert into webhook_history (${columns})
     select ${HISTORY_COLUMNS.map((column) => (column === 'finished_at' ? 'coalesce(o.finished_at, o.created_at)' : `o.${column}`)).join(', ')}
     from ${old} o where not exists (select 1 from webhook_outbox l where l.uid = o.uid)`,
  )
  await sql.query(`drop table ${old}`)
  for (const statement of [
    `create index webhook_outbox_due on webhook_outbox (next_attempt_at) where state = 'pending'`,
    `create index webhook_outbox_pending_by_listener on webhook_outbox (listener_id, next_attempt_at) where state = 'pending'`,
    // A listener's deliveries newest first (the deliveries report): both tables merged in index order.
    `create index webhook_outbox_by_listener on webhook_outbox (listener_id, created_at)`,
    `create index webhook_outbox_by_block on webhook_outbox (chain_id, block_hash)`,
    `create index webhook_history_by_listener on webhook_history (listener_id, created_at)`,
    `create index webhook_history_by_block on webhook_history (chain_id, block_hash)`,
    `create index webhook_history_by_uid on webhook_history (uid)`,
    // Every delivery, in the outbox or in history: for reading, each uid once.
    `create view webhook_deliveries as
       select ${columns}, next_attempt_at from webhook_outbox
       union all select ${columns}, null::timestamptz as next_attempt_at from webhook_history`,
  ])
    await sql.query(statement)
}

/**
 * The outbox's listener index (the deliveries report, removals, recovery) answers equality on listener_id only:
 * text_pattern_ops has `=` but not the default `<` and `>`. The claim reads one listener's due rows as a range of
 * (listener_id, next_attempt_at); with this index usable for that range, the planner, once the table was analyzed,
 * took it and sorted every row of the listener by next_attempt_at, so each claim read the listener's whole backlog.
 */
export async function equalityOnlyListenerIndex(sql: Sql): Promise<void> {
  await sql.query(`drop index webhook_outbox_by_listener`)
  await sql.query(
    `create index webhook_outbox_by_listener on webhook_outbox (listener_id text_pattern_ops, created_at)`,
  )
}
