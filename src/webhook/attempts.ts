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
}

/**
 * Records attempts and moves their outbox rows in one statement, however many there are. Only a row
 * still pending moves (a listener removed meanwhile keeps its row cancelled); the engine's lease on the
 * row ends either way.
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
    `WITH input AS (
       SELECT * FROM unnest($1::text[], $2::text[], $3::int[], $4::double precision[], $5::int[], $6::text[],
                            $7::double precision[], $8::text[], $9::double precision[], $10::text[])
         AS t (uid, listener_id, attempt, at, status, error, duration_ms, final_state, retry_at, outcome_error)
     ), recorded AS (
       INSERT INTO webhook_attempts (uid, listener_id, attempt, at, status, error, duration_ms)
       SELECT uid, listener_id, attempt, at, status, error, duration_ms FROM input
     )
     UPDATE webhook_outbox o SET
       in_flight_until = CASE WHEN o.claimed_by = $12 THEN NULL ELSE o.in_flight_until END,
       state = CASE WHEN o.state = 'pending' THEN COALESCE(i.final_state, o.state) ELSE o.state END,
       next_attempt_at = CASE WHEN o.state = 'pending' THEN COALESCE(i.retry_at, o.next_attempt_at) ELSE o.next_attempt_at END,
       last_status = CASE WHEN o.state = 'pending' THEN i.status ELSE o.last_status END,
       last_error = CASE WHEN o.state = 'pending' THEN i.outcome_error ELSE o.last_error END,
       finished_at = CASE WHEN o.state <> 'pending' THEN o.finished_at WHEN i.final_state IS NULL THEN NULL ELSE $11::double precision END
     FROM input i WHERE o.uid = i.uid`,
    [
      column((e) => e.attempt.uid),
      column((e) => e.attempt.listenerId),
      column((e) => e.attempt.attempt),
      column((e) => e.attempt.at),
      column((e) => e.attempt.status ?? null),
      column((e) => e.attempt.error ?? null),
      column((e) => e.attempt.durationMs),
      column((e) => ('state' in e.outcome ? e.outcome.state : null)),
      column((e) => ('retryAt' in e.outcome ? e.outcome.retryAt : null)),
      column((e) => e.outcome.error ?? null),
      now,
      engineId,
    ],
  )
}
