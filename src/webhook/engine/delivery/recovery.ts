import type { Sql } from '../../../store/sql.js'
import { bringBackFromHistory, lockedInOrder } from '../store/delivery-history.js'
import type { OutboxState } from './outbox.js'
import { listenersBecomeReady } from './ready-listeners.js'
import { listenerIsActive } from '../listeners/listener-active.js'

/** Svix's default: a listener whose attempts have all failed for this long is disabled. */
export const DEFAULT_DISABLE_FAILING_AFTER_MS = 5 * 24 * 60 * 60 * 1000

/**
 * What the owner's requeue does to a row: a new attempt now (the database's: any engine may take it), with the
 * same uid (webhook-id), retries starting over.
 */
const REQUEUE = `state = 'pending', next_attempt_at = now(), retry_from = attempts, last_status = null, last_error = null,
  finished_at = null`

/** SQL: requeues the outbox rows matching `where`, due now, their listeners ready now; returns their uids. */
const requeuing = (where: string) =>
  `with requeued as (update webhook_outbox set ${REQUEUE} where ${where} returning uid, listener_id),
   ready as (${listenersBecomeReady('select listener_id, now() from requeued')})
   select uid from requeued`

/** Rows that were never sent because their payload failed its JSON Schema stay failed: sending them is no fix. */
const SENDABLE = `not (state = 'failed' and attempts = 0)`

export type ResendRefusal = 'unknown' | 'reorged' | 'never-sendable'

/**
 * Requeues one delivery of the listener, whatever its state but reorged; a pending one stays as it is. A finished
 * one comes back from the history to the outbox first.
 */
export async function requeueDelivery(
  sql: Sql,
  listenerId: string,
  uid: string,
): Promise<{ requeued: boolean } | { refused: ResendRefusal }> {
  await bringBackFromHistory(sql, `uid = $1 and listener_id = $2 and ${SENDABLE}`, [uid, listenerId], false)
  const { rows } = await sql.query<{ state: OutboxState; attempts: number }>(
    'select state, attempts from webhook_outbox where uid = $1 and listener_id = $2 for update',
    [uid, listenerId],
  )
  const row = rows[0] ?? (await historyRow(sql, listenerId, uid))
  if (!row) return { refused: 'unknown' }
  if (row.state === 'reorged') return { refused: 'reorged' }
  if (row.state === 'failed' && Number(row.attempts) === 0) return { refused: 'never-sendable' }
  if (row.state === 'pending') return { requeued: false }
  await sql.query(requeuing(`uid = $1 and listener_id = $2`), [uid, listenerId])
  return { requeued: true }
}

/**
 * Requeues every delivery of the listener that failed or was cancelled (by an outage that disabled the
 * listener) and was queued at or after `since`: Svix's "recover failed messages since".
 */
export async function requeueFailedSince(sql: Sql, listenerId: string, since: number): Promise<number> {
  const requeued = `listener_id = $1 and created_at >= $2 and state in ('failed', 'cancelled') and ${SENDABLE}`
  await bringBackFromHistory(sql, requeued, [listenerId, new Date(since)], false)
  const { rows } = await sql.query(requeuing(`uid in (${lockedInOrder(requeued)}) and ${requeued}`), [
    listenerId,
    new Date(since),
  ])
  return rows.length
}

/** A delivery the history keeps and a requeue does not bring back: one never sendable. */
async function historyRow(sql: Sql, listenerId: string, uid: string) {
  const { rows } = await sql.query<{ state: OutboxState; attempts: number }>(
    'select state, attempts from webhook_history where uid = $1 and listener_id = $2',
    [uid, listenerId],
  )
  return rows[0]
}

/** Makes a disabled (not removed) listener active again; its failing period starts over. */
export async function reactivateListener(sql: Sql, listenerId: string, now: number): Promise<boolean> {
  const { rows } = await sql.query(
    `update webhook_listeners set active = true, disabled_reason = null, failing_since = null, updated_at = $2
     where id = $1 and not active and removed_at is null returning id`,
    [listenerId, new Date(now)],
  )
  return rows.length > 0
}

/** Since when all of the listener's attempts have failed, if it is still active and that is at or before `cutoff`. */
export async function failingSinceBefore(sql: Sql, listenerId: string, cutoff: number): Promise<number | undefined> {
  const { rows } = await sql.query<{ failing_since: Date }>(
    `select failing_since from webhook_listeners
     where id = $1 and ${listenerIsActive()} and failing_since <= $2 for update`,
    [listenerId, new Date(cutoff)],
  )
  return rows[0]?.failing_since.getTime()
}
