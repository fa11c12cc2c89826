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

/**
 * Records the attempt and moves its outbox row in one statement (one round trip per delivery).
 * Only a row still pending moves: a listener removed meanwhile keeps its row cancelled.
 */
export async function recordAttemptOutcome(
  sql: Sql,
  attempt: AttemptRecord,
  outcome: AttemptOutcome,
  now: number,
): Promise<void> {
  const finalState = 'state' in outcome ? outcome.state : null
  const retryAt = 'retryAt' in outcome ? outcome.retryAt : null
  await sql.query(
    `WITH attempt AS (
       INSERT INTO webhook_attempts (uid, listener_id, attempt, at, status, error, duration_ms) VALUES ($1, $2, $3, $4, $5, $6, $7)
     )
     UPDATE webhook_outbox SET state = COALESCE($8::text, state), next_attempt_at = COALESCE($9::double precision, next_attempt_at),
       last_status = $5, last_error = $10, finished_at = CASE WHEN $8::text IS NULL THEN NULL ELSE $11::double precision END
     WHERE uid = $1 AND state = 'pending'`,
    [
      attempt.uid,
      attempt.listenerId,
      attempt.attempt,
      attempt.at,
      attempt.status ?? null,
      attempt.error ?? null,
      attempt.durationMs,
      finalState,
      retryAt,
      outcome.error ?? null,
      now,
    ],
  )
}
