import type { WebhookEventType } from '../../../../gen/indexer.gen.js'
import type { Sql } from '../../../store/sql.js'
import type { ListenerRecord } from '../listeners/listener-store.js'
import type { OutboxState } from './outbox.js'
import { bodyFromStored } from '../store/stored-body.js'

const payloadType = (stored: Uint8Array): WebhookEventType =>
  (JSON.parse(bodyFromStored(stored)) as { type?: WebhookEventType }).type ?? 'BLOCK_ADDED'

export interface DeliveryAttemptReport {
  attempt: number
  at: string
  status?: number
  error?: string
  durationMs: number
}

export interface DeliveryReport {
  listenerId: string
  active: boolean
  disabledReason?: string
  /**
   * How long a delivery is listed after it finished (delivered, failed, cancelled or reorged), with its
   * attempts: the engine removes finished history older than this, by whole days. Pending ones stay listed.
   */
  historyRetentionMs: number
  deliveries: {
    uid: string
    /** BLOCK_ADDED, or BLOCK_REMOVED for one taking back a log of a block dropped by a reorg: the payload's type. */
    type: WebhookEventType
    state: OutboxState
    attempts: number
    nextAttemptAt?: string
    lastStatus?: number
    lastError?: string
    history: DeliveryAttemptReport[]
  }[]
}

/** Newest deliveries of a listener first, each with its attempts: what the owner sees. */
export async function listDeliveries(
  sql: Sql,
  listener: ListenerRecord,
  limit: number,
  historyRetentionMs: number,
): Promise<DeliveryReport> {
  const { rows } = await sql.query<{
    uid: string
    body: Uint8Array
    state: OutboxState
    attempts: number
    next_attempt_at: Date
    last_status: number | null
    last_error: string | null
  }>(
    `select uid, body, state, attempts, next_attempt_at, last_status, last_error from webhook_deliveries where listener_id = $1 order by created_at desc, uid limit $2`,
    [listener.id, limit],
  )
  const uids = rows.map((row) => row.uid)
  const attempts = await sql.query<{
    uid: string
    attempt: number
    at: Date
    status: number | null
    error: string | null
    duration_ms: number
  }>(`select uid, attempt, at, status, error, duration_ms from webhook_attempts where uid = any($1) order by at, id`, [
    uids,
  ])
  const attemptsOf = new Map<string, DeliveryAttemptReport[]>()
  for (const attempt of attempts.rows) {
    const report = {
      attempt: Number(attempt.attempt),
      at: attempt.at.toISOString(),
      ...(attempt.status !== null ? { status: Number(attempt.status) } : {}),
      ...(attempt.error !== null ? { error: attempt.error } : {}),
      durationMs: Number(attempt.duration_ms),
    }
    const reports = attemptsOf.get(attempt.uid)
    if (reports) reports.push(report)
    else attemptsOf.set(attempt.uid, [report])
  }
  return {
    listenerId: listener.id,
    active: listener.active && listener.removedAt === undefined,
    ...(listener.disabledReason ? { disabledReason: listener.disabledReason } : {}),
    historyRetentionMs,
    deliveries: rows.map((row) => ({
      uid: row.uid,
      type: payloadType(row.body),
      state: row.state,
      attempts: Number(row.attempts),
      ...(row.state === 'pending' ? { nextAttemptAt: row.next_attempt_at.toISOString() } : {}),
      ...(row.last_status !== null ? { lastStatus: Number(row.last_status) } : {}),
      ...(row.last_error !== null ? { lastError: row.last_error } : {}),
      history: attemptsOf.get(row.uid) ?? [],
    })),
  }
}
