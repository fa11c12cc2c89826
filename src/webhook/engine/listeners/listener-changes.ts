import type { Sql } from '../../../store/sql.js'

/**
 * NOTIFY channels the engines on one database share. A listener added, removed or disabled by any engine
 * is announced on the first (payload: the listener id); rows queued for delivery on the second.
 * Notifications are sent on commit, so announcing inside the writing transaction never announces a
 * change that was rolled back.
 */
export const LISTENER_CHANNEL = 'webhook_listener_changed'
export const OUTBOX_CHANNEL = 'webhook_deliveries_queued'

export async function announceListenerChange(sql: Sql, listenerId: string): Promise<void> {
  await sql.query('select pg_notify($1, $2)', [LISTENER_CHANNEL, listenerId])
}
