/**
 * The engine's tables as the first layout (main at 6a11020) created them: upper-case SQL, epoch-ms double
 * precision times, text project ids, integer chain ids. Kept verbatim so a store written by that version
 * can be made again and opened by this one.
 */
export const firstLayoutStatements = [
  `CREATE TABLE IF NOT EXISTS webhook_listeners (
    id text PRIMARY KEY,
    project_id text NOT NULL,
    chain_id integer,
    url text NOT NULL,
    filters jsonb NOT NULL,
    secret text NOT NULL,
    active boolean NOT NULL DEFAULT true,
    disabled_reason text,
    created_at double precision NOT NULL,
    updated_at double precision NOT NULL,
    removed_at double precision
  )`,
  `CREATE TABLE IF NOT EXISTS webhook_outbox (
    uid text PRIMARY KEY,
    listener_id text NOT NULL,
    chain_id integer NOT NULL,
    block_number double precision NOT NULL,
    block_hash text NOT NULL,
    body text NOT NULL,
    state text NOT NULL,
    attempts integer NOT NULL DEFAULT 0,
    next_attempt_at double precision NOT NULL,
    last_status integer,
    last_error text,
    created_at double precision NOT NULL,
    finished_at double precision
  )`,
  // Which engine holds a row's current attempt, and until when (removal waits for live engines' attempts).
  `ALTER TABLE webhook_outbox ADD COLUMN IF NOT EXISTS claimed_by text`,
  `ALTER TABLE webhook_outbox ADD COLUMN IF NOT EXISTS in_flight_until double precision`,
  `CREATE TABLE IF NOT EXISTS webhook_engines (
    id text PRIMARY KEY,
    backend_pid integer,
    started_at double precision NOT NULL
  )`,
  `CREATE INDEX IF NOT EXISTS webhook_outbox_due ON webhook_outbox (next_attempt_at) WHERE state = 'pending'`,
  `CREATE INDEX IF NOT EXISTS webhook_outbox_by_listener ON webhook_outbox (listener_id, state)`,
  `CREATE INDEX IF NOT EXISTS webhook_outbox_by_block ON webhook_outbox (chain_id, block_hash)`,
  `CREATE TABLE IF NOT EXISTS webhook_attempts (
    id bigserial PRIMARY KEY,
    uid text NOT NULL,
    listener_id text NOT NULL,
    attempt integer NOT NULL,
    at double precision NOT NULL,
    status integer,
    error text,
    duration_ms double precision NOT NULL
  )`,
  `CREATE INDEX IF NOT EXISTS webhook_attempts_by_listener ON webhook_attempts (listener_id, at)`,
  `CREATE TABLE IF NOT EXISTS webhook_chain_blocks (
    chain_id integer NOT NULL,
    number double precision NOT NULL,
    hash text NOT NULL,
    parent_hash text NOT NULL,
    PRIMARY KEY (chain_id, number)
  )`,
]
