/**
 * Step 4, released: the outbox's listener index answers equality on listener_id only (text_pattern_ops has no
 * default < and >), so the claim's range over (listener_id, next_attempt_at) could not be served by it. Step 5
 * replaces the claim, and this index with it. Never edited: a change is a new step.
 */
export const name = "the outbox's listener index for equality only"

export const statements = [
  `drop index webhook_outbox_by_listener`,
  `create index webhook_outbox_by_listener on webhook_outbox (listener_id text_pattern_ops, created_at)`,
]
