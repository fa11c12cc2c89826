import type { Sql } from '../../../store/sql.js'
import {
  historyColumnsFrom,
  intoHistory,
  LEAVES_OUTBOX,
  lockedByUid,
  moveFinishedToHistory,
} from '../store/delivery-history.js'
import { listenersBecomeReady } from './ready-listeners.js'
import { removalsFollowAttempts } from './removals-due.js'

export interface AttemptRecord {
  uid: string
  listenerId: string
  attempt: number
  at: number
  status: number | undefined
  error: string | undefined
  durationMs: number
}

/** What an attempt leaves the outbox row in: finished, or pending until retryAt (this engine's clock). */
export type AttemptOutcome =
  { state: 'delivered' | 'failed' | 'cancelled'; error?: string } | { retryAt: number; error: string }

export interface FinishedAttempt {
  attempt: AttemptRecord
  outcome: AttemptOutcome
  /** The receiver answered 2xx (true) or failed (false); undefined for an attempt this engine aborted. */
  receiverHealthy: boolean | undefined
  /** False for a claimed row withheld because its listener left: no attempt is recorded, and none counted. */
  sent?: false
}

/**
 * Records attempts and their outcomes in one transaction, however many there are. A row this engine holds that
 * finishes now (delivered, failed, cancelled) goes to the history in the same statement, written there once with its
 * outcome; any other row is updated in place, and a second statement, run only when the first says some did, moves
 * those that left (a row cancelled while its attempt was in flight). Only a row still pending takes its outcome (a
 * listener removed meanwhile keeps its row cancelled); the engine's lease on the row ends either way. The rows are
 * locked by uid first (lockedByUid, in lockedInOrder's order); a retry is due after the same delay by the database's
 * clock as by this engine's.
 */
export async function recordAttemptOutcomes(
  sql: Sql,
  engineId: string,
  finished: readonly FinishedAttempt[],
  now: number,
): Promise<void> {
  if (finished.length === 0) return
  await sql.transaction(async (tx) => {
    const written = await writeOutcomes(tx, engineId, finished, now)
    const movedOn = new Set(written.movedOn)
    const retries = finished.filter(({ attempt, outcome }) => 'retryAt' in outcome && !movedOn.has(attempt.listenerId))
    // Only a row still pending makes its listener ready: one cancelled while in flight (its listener left) does not.
    if (retries.length > 0)
      await tx.query(
        listenersBecomeReady(
          `select listener_id, now() + retry_in_ms * interval '1 millisecond'
           from unnest($1::text[], $2::double precision[], $3::text[]) as t (listener_id, retry_in_ms, uid)
           where exists (select 1 from webhook_outbox o where o.uid = t.uid and o.state = 'pending')`,
        ),
        [
          retries.map(({ attempt }) => attempt.listenerId),
          retries.map(({ outcome }) => ('retryAt' in outcome ? Math.max(0, outcome.retryAt - now) : 0)),
          retries.map(({ attempt }) => attempt.uid),
        ],
      )
    const uids = finished.map((e) => e.attempt.uid)
    if (written.ofDroppedBlocks) await removalsFollowAttempts(tx, uids)
    if (written.leaveOutbox) await moveFinishedToHistory(tx, 'uid = any($1)', [uids])
  })
}

/**
 * Writes the outcomes; returns the listeners whose ready time this statement moved to their next pending row,
 * whether any row was of a block a reorg dropped (its BLOCK_REMOVED may wait for this attempt), and whether any row
 * it updated in place now leaves the outbox (the history's own rule, LEAVES_OUTBOX).
 */
async function writeOutcomes(
  sql: Sql,
  engineId: string,
  finished: readonly FinishedAttempt[],
  now: number,
): Promise<{ movedOn: string[]; ofDroppedBlocks: boolean; leaveOutbox: boolean }> {
  const column = <T>(pick: (entry: FinishedAttempt) => T) => finished.map(pick)
  // The outbox is read by uid alone. Which rows finish is read from the rows locked: a condition on the row itself
  // (state = 'pending') let the planner read the whole pending index instead. The rows written in place (those not
  // finishing) are found from the batch first: none when every attempt of it finished. The listeners' ready times
  // are locked after every outbox row of the batch (ready_locked counts `locked` first) and in id order, as every
  // statement locks them: a time taken while waiting for a row could close a cycle with the row's holder.
  const { rows } = await sql.query<{ moved_on: string[] | null; of_dropped_blocks: boolean; leave_outbox: boolean }>(
    `with input as (
       select * from unnest($1::text[], $2::text[], $3::int[], $4::timestamptz[], $5::int[], $6::text[],
                            $7::double precision[], $8::text[], $9::double precision[], $10::text[], $13::boolean[])
         as t (uid, listener_id, attempt, at, status, error, duration_ms, final_state, retry_in_ms, outcome_error, sent)
     ), locked as (${lockedByUid('$1', 'o.uid, o.state as locked_state, o.claimed_by as locked_by, o.in_dropped_block as locked_dropped')}
     ), recorded as (
       insert into webhook_attempts (uid, listener_id, attempt, at, status, error, duration_ms)
       select uid, listener_id, attempt, at, status, error, duration_ms from input where sent
     ), finishing as (
       delete from webhook_outbox o using input i, locked
       where o.uid = i.uid and locked.uid = o.uid and locked_state = 'pending' and i.final_state is not null
         and locked_by = $12 and not locked_dropped
       returning o.uid, o.listener_id, o.chain_id, o.block_number, o.block_hash, o.body, i.final_state as state,
         case when i.sent then o.attempts else o.attempts - 1 end as attempts, o.retry_from, i.status as last_status,
         i.outcome_error as last_error, o.created_at
     ), moved as (
       ${intoHistory(`select ${historyColumnsFrom({ finished_at: '$11::timestamptz' })} from finishing`)}
     ), retried as (
       select listener_id, min(now() + retry_in_ms * interval '1 millisecond') as at
       from input where retry_in_ms is not null group by listener_id
     ), seen as (
       select r.listener_id, r.xmin as version from webhook_listener_ready r join retried using (listener_id)
     ), ready_locked as (
       select r.listener_id from webhook_listener_ready r
       where r.listener_id in (select listener_id from retried) and (select count(*) from locked) >= 0
       order by r.listener_id for update
     ), next_ready as (
       -- A listener with a retry is next ready at its earliest pending row: a retry of this batch, or one of its
       -- other pending rows (the first in its queue that this batch does not hold).
       select t.listener_id, least(t.at,
         (select o.next_attempt_at from webhook_outbox o
          where o.listener_id = t.listener_id and o.state = 'pending' and o.uid <> all($1::text[])
          order by o.next_attempt_at limit 1)) as at
       from retried t
     ), moved_on as (
       -- Only a time no statement wrote since this one's snapshot moves (ready-listeners.ts); the next statement
       -- brings the others forward.
       update webhook_listener_ready r set ready_at = n.at
       from next_ready n join seen s using (listener_id) join ready_locked using (listener_id)
       where r.listener_id = n.listener_id and r.xmin = s.version
       returning r.listener_id
     ), written as (
       update webhook_outbox o set
       attempts = case when i.sent then o.attempts else o.attempts - 1 end,
       in_flight_until = case when o.claimed_by = $12 then null else o.in_flight_until end,
       state = case when o.state = 'pending' then coalesce(i.final_state, o.state) else o.state end,
       next_attempt_at = case when o.state = 'pending'
         then coalesce(now() + i.retry_in_ms * interval '1 millisecond', o.next_attempt_at) else o.next_attempt_at end,
       last_status = case when o.state = 'pending' then i.status else o.last_status end,
       last_error = case when o.state = 'pending' then i.outcome_error else o.last_error end,
       finished_at = case when o.state <> 'pending' then o.finished_at when i.final_state is null then null else $11::timestamptz end
       from (select input.* from input join locked using (uid) where uid not in (select uid from finishing)) i
       where o.uid = i.uid
       returning o.in_dropped_block, ${LEAVES_OUTBOX} as leaves
     )
     select (select array_agg(listener_id) from moved_on) as moved_on,
       exists (select 1 from written where in_dropped_block) as of_dropped_blocks,
       exists (select 1 from written where leaves) as leave_outbox`,
    [
      column((e) => e.attempt.uid),
      column((e) => e.attempt.listenerId),
      column((e) => e.attempt.attempt),
      column((e) => new Date(e.attempt.at)),
      column((e) => e.attempt.status ?? null),
      column((e) => e.attempt.error ?? null),
      column((e) => e.attempt.durationMs),
      column((e) => ('state' in e.outcome ? e.outcome.state : null)),
      column((e) => ('retryAt' in e.outcome ? Math.max(0, e.outcome.retryAt - now) : null)),
      column((e) => e.outcome.error ?? null),
      new Date(now),
      engineId,
      column((e) => e.sent !== false),
    ],
  )
  return {
    movedOn: rows[0]?.moved_on ?? [],
    ofDroppedBlocks: rows[0]?.of_dropped_blocks ?? false,
    leaveOutbox: rows[0]?.leave_outbox ?? false,
  }
}
