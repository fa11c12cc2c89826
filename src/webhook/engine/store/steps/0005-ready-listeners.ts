/**
 * Step 5, released: the claim reads the listeners that have a row to send now, in the order they became ready, from
 * webhook_listener_ready (kept by the statements that make rows pending), so listeners whose rows wait in backoff cost it
 * nothing; each listener's pending rows have one index, and the outbox's other indexes hold what is not pending.
 * Attempts are no longer indexed by listener (no query read it). Never edited: a change is a new step.
 */
export const name = 'the listeners ready to send, apart from those waiting'

export const statements = [
  `drop index webhook_outbox_due`,
  `drop index webhook_outbox_by_listener`,
  `drop index webhook_attempts_by_listener`,
  `create index webhook_outbox_finished_by_listener on webhook_outbox (listener_id, created_at) where state <> 'pending'`,
  `alter table webhook_outbox set (fillfactor = 80)`,
  `create table webhook_listener_ready (listener_id text primary key, ready_at timestamptz not null)`,
  `create index webhook_listener_ready_by_time on webhook_listener_ready (ready_at)`,
  `insert into webhook_listener_ready (listener_id, ready_at)
   select listener_id, min(next_attempt_at)
   from webhook_outbox where state = 'pending' group by listener_id`,
]
