import type { Sql } from '../../../store/sql.js'

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

type HistoryColumn = (typeof HISTORY_COLUMNS)[number]

/** SQL: the history's columns in order, each read as itself but those given another expression. */
export const historyColumnsFrom = (expressions: Partial<Record<HistoryColumn, string>>) =>
  HISTORY_COLUMNS.map((column) => expressions[column] ?? column).join(', ')

/** SQL: inserts into the history what `select` yields, a row of HISTORY_COLUMNS each (historyColumnsFrom). */
export const intoHistory = (select: string) => `insert into webhook_history (${columns}) ${select}`

/**
 * SQL: the uids of the outbox rows matching `where`, locked by uid, ascending. Every statement that locks several
 * outbox rows takes them in this order, so two never wait for each other in a cycle (a deadlock). The statement
 * using it repeats its condition: a row changed while this one waited for its lock may no longer meet it.
 */
export const lockedInOrder = (where: string) => `select uid from webhook_outbox where ${where} order by uid for update`

/**
 * SQL: `columns` of `o`, the outbox rows whose uids the text[] parameter `uids` holds, locked in lockedInOrder's
 * order, each found by its primary key: however small the outbox was when the statement's plan was made, it reads
 * a row per uid (a plan made on a small outbox and kept read all of it once it had grown). The columns are those of
 * the row as locked, which no other statement changes until this one ends.
 */
export const lockedByUid = (uids: string, columns: string) =>
  `select ${columns} from (select uid from unnest(${uids}::text[]) as sought (uid) order by uid) sought
   cross join lateral (select * from webhook_outbox o where o.uid = sought.uid for update) o`

/** A row that is finished, held by no attempt and of no dropped block: its place is the history. */
export const LEAVES_OUTBOX = `state <> 'pending' and not in_dropped_block and (in_flight_until is null or in_flight_until <= now())`

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
