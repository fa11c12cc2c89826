import type { Sql } from '../store/sql.js'

export interface AttemptRecord {
  uid: string
  listenerId: string
  attempt: number
  at: number
  status: number | undefined
  error: string | undefined
  durationMs: number
}

/** What an attempt leaves the outbox row in: finished, or pending until retryAt. */
export type AttemptOutcome =
  { state: 'delivered' | 'failed' | 'cancelled'; error?: string } | { retryAt: number; error: string }

export interface FinishedAttempt {
  attempt: AttemptRecord
  outcome: AttemptOutcome
  /** The receiver answered 2xx (true) or failed (false); undefined for an attempt this engine aborted. */
  receiverHealthy: boolean | undefined
}

/**
 * Records attempts and moves their outbox rows in one statement, however many there are. Only a row
 * still pending moves (a listener removed meanwhile keeps its row cancelled); the engine's lease on the
 * row ends either way. Then the listeners' failing periods (recordListenerHealth).
 */
export async function recordAttemptOutcomes(
  sql: Sql,
  engineId: string,
  finished: readonly FinishedAttempt[],
  now: number,
): Promise<void> {
  if (finished.length === 0) return
  const column = <T>(pick: (entry: FinishedAttempt) => T) => finished.map(pick)
  await sql.query(
    `with input as (
       select * from unnest($1::text[], $2::text[], $3::int[], $4::timestamptz[], $5::int[], $6::text[],
                            $7::double precision[], $8::text[], $9::timestamptz[], $10::text[])
         as t (uid, listener_id, attempt, at, status, error, duration_ms, final_state, retry_at, outcome_error)
     ), recorded as (
       insert into webhook_attempts (uid, listener_id, attempt, at, status, error, duration_ms)
       select uid, listener_id, attempt, at, status, error, duration_ms from input
     )
     update webhook_outbox o set
       in_flight_until = case when o.claimed_by = $12 then null else o.in_flight_until end,
       state = case when o.state = 'pending' then coalesce(i.final_state, o.state) else o.state end,
       next_attempt_at = case when o.state = 'pending' then coalesce(i.retry_at, o.next_attempt_at) else o.next_attempt_at end,
       last_status = case when o.state = 'pending' then i.status else o.last_status end,
       last_error = case when o.state = 'pending' then i.outcome_error else o.last_error end,
       finished_at = case when o.state <> 'pending' then o.finished_at when i.final_state is null then null else $11::timestamptz end
     from input i where o.uid = i.uid`,
    [
      column((e) => e.attempt.uid),
      column((e) => e.attempt.listenerId),
      column((e) => e.attempt.attempt),
      column((e) => new Date(e.attempt.at)),
      column((e) => e.attempt.status ?? null),
      column((e) => e.attempt.error ?? null),
      column((e) => e.attempt.durationMs),
      column((e) => ('state' in e.outcome ? e.outcome.state : null)),
      column((e) => ('retryAt' in e.outcome ? new Date(e.outcome.retryAt) : null)),
      column((e) => e.outcome.error ?? null),
      new Date(now),
      engineId,
    ],
  )
  await recordListenerHealth(sql, finished)
}

/**
 * A listener's failing_since starts at its first failed attempt and ends at a delivery. Only listeners whose
 * value changes are written (rarely: at the start and the end of an outage), locked in id order as the
 * enqueueing transaction locks them, so the two never deadlock.
 */
async function recordListenerHealth(sql: Sql, finished: readonly FinishedAttempt[]): Promise<void> {
  const judged = finished.filter((entry) => entry.receiverHealthy !== undefined)
  if (judged.length === 0) return
  await sql.query(
    `with health as (
       select listener_id, bool_or(healthy) as delivered, min(at) filter (where not healthy) as first_failure
       from unnest($1::text[], $2::boolean[], $3::timestamptz[]) as t (listener_id, healthy, at) group by listener_id
     ), changing as (
       select l.id, case when h.delivered then null else coalesce(l.failing_since, h.first_failure) end as failing_since
       from webhook_listeners l join health h on h.listener_id = l.id
       where (case when h.delivered then null else coalesce(l.failing_since, h.first_failure) end) is distinct from l.failing_since
       order by l.id for update of l
     )
     update webhook_listeners l set failing_since = c.failing_since from changing c where l.id = c.id`,
    [
      judged.map((entry) => entry.attempt.listenerId),
      judged.map((entry) => entry.receiverHealthy),
      judged.map((entry) => new Date(entry.attempt.at)),
    ],
  )
}
