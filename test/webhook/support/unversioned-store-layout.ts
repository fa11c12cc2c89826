/**
 * The engine's tables as the last version without migration steps (main at ed5f6ab) created them, verbatim, so
 * a store written by that version can be made again and opened by this one.
 */
export const unversionedLayoutStatements = [
  `create table if not exists webhook_listeners (
     id text primary key, project_id bigint not null, chain_id bigint, url text not null, filters jsonb not null,
     secret text not null, active boolean not null default true, disabled_reason text,
     created_at timestamptz not null, updated_at timestamptz not null, removed_at timestamptz)`,
  // claimed_by and in_flight_until: which engine holds a row's current attempt, and until when (removal
  // waits for live engines' attempts).
  `create table if not exists webhook_outbox (
     uid text primary key, listener_id text not null, chain_id bigint not null, block_number bigint not null,
     block_hash text not null, body text not null, state text not null, attempts integer not null default 0,
     next_attempt_at timestamptz not null, last_status integer, last_error text, created_at timestamptz not null,
     finished_at timestamptz, claimed_by text, in_flight_until timestamptz)`,
  // alive_until: the engine's heartbeat (engine-presence.ts); added after the first layout.
  `create table if not exists webhook_engines (id text primary key, backend_pid integer, started_at timestamptz not null)`,
  `alter table webhook_engines add column if not exists alive_until timestamptz`,
  // Added after the first layout: attempts already made when the owner requeued a row (its retries start
  // over from there), and since when a listener's attempts have all failed (disabled after a period).
  `alter table webhook_outbox add column if not exists retry_from integer not null default 0`,
  `alter table webhook_listeners add column if not exists failing_since timestamptz`,
  `create index if not exists webhook_outbox_due on webhook_outbox (next_attempt_at) where state = 'pending'`,
  `create index if not exists webhook_outbox_by_listener on webhook_outbox (listener_id, state)`,
  `create index if not exists webhook_outbox_by_block on webhook_outbox (chain_id, block_hash)`,
  `create table if not exists webhook_attempts (
     id bigserial primary key, uid text not null, listener_id text not null, attempt integer not null,
     at timestamptz not null, status integer, error text, duration_ms double precision not null)`,
  `create index if not exists webhook_attempts_by_listener on webhook_attempts (listener_id, at)`,
  `create table if not exists webhook_chain_blocks (
     chain_id bigint not null, number bigint not null, hash text not null, parent_hash text not null,
     primary key (chain_id, number))`,
  // Which engine follows each chain, until when (chain-lease.ts).
  `create table if not exists webhook_chain_leases (chain_id bigint primary key, engine_id text not null, lease_until timestamptz not null)`,
]
