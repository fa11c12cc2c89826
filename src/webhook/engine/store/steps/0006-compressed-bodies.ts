/**
 * Step 6, released: a delivery's body is kept as bytes (bytea) in the outbox and the history, written compressed by
 * the engine (store/stored-body.ts); the bodies already there become their UTF-8 text, which reads as it is. The
 * view over both tables depends on the column, so it is made again as it was. Never edited: a change is a new step.
 */
export const name = 'delivery bodies kept compressed'

export const statements = [
  `drop view webhook_deliveries`,
  `alter table webhook_outbox alter column body type bytea using convert_to(body, 'UTF8')`,
  `alter table webhook_history alter column body type bytea using convert_to(body, 'UTF8')`,
  `create view webhook_deliveries as
     select uid, listener_id, chain_id, block_number, block_hash, body, state, attempts, retry_from, last_status,
       last_error, created_at, finished_at, next_attempt_at from webhook_outbox
     union all
     select uid, listener_id, chain_id, block_number, block_hash, body, state, attempts, retry_from, last_status,
       last_error, created_at, finished_at, null::timestamptz as next_attempt_at from webhook_history`,
]
