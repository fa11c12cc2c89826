/**
 * The engine's store as it is now: every table, index, partitioned parent and view, in one
 * place. A new database is made from it in one step; a database made by an earlier version reaches the same
 * layout through the numbered steps (steps/), which test/webhook/engine/store/layout-catalog.slow.test.ts holds to
 * this file. A change of the layout is a new step and an edit here, in the same commit.
 *
 * Conventions (src/local/store/schema.ts's too): points in time are timestamptz, ids, chain ids and block numbers
 * bigint, durations numeric milliseconds named *_ms. A time one engine writes and another compares (next_attempt_at,
 * in_flight_until, alive_until, lease_until, ready_at) is the database's clock: `now()` in the statement.
 */

/** The step this layout stands for: a database made from it has steps 1 to this one recorded as applied. */
export const LAYOUT_STEP = 6

export const layoutStatements = [
  // A listener; active false once removed (removed_at) or disabled (disabled_reason); failing_since: since when
  // its attempts have all failed (disabled after a period).
  `create table webhook_listeners (
     id text primary key, project_id bigint not null, chain_id bigint, url text not null, filters jsonb not null,
     secret text not null, active boolean not null default true, disabled_reason text,
     created_at timestamptz not null, updated_at timestamptz not null, removed_at timestamptz, failing_since timestamptz)`,

  // The deliveries the engine works on (store/delivery-history.ts): pending ones, a finished one whose attempt is
  // still in flight, and every row of a block a reorg dropped (in_dropped_block). claimed_by and in_flight_until:
  // which engine holds a row's attempt, and until when; retry_from: attempts made when the owner requeued it; body:
  // the payload compressed (store/stored-body.ts).
  // fillfactor leaves room on each page, so a claim's and an outcome's change of a row is written beside it.
  `create table webhook_outbox (
     uid text primary key, listener_id text not null, chain_id bigint not null, block_number bigint not null,
     block_hash text not null, body bytea not null, state text not null, attempts integer not null default 0,
     next_attempt_at timestamptz not null, last_status integer, last_error text, created_at timestamptz not null,
     finished_at timestamptz, claimed_by text, in_flight_until timestamptz, retry_from integer not null default 0,
     in_dropped_block boolean not null default false) with (fillfactor = 80)`,
  // A listener's pending rows in the order they fall due: the claim's one way in, and removals' and requeues'.
  `create index webhook_outbox_pending_by_listener on webhook_outbox (listener_id, next_attempt_at) where state = 'pending'`,
  // A listener's rows that are not pending, by when they were queued (the deliveries report, moves to history).
  `create index webhook_outbox_finished_by_listener on webhook_outbox (listener_id, created_at) where state <> 'pending'`,
  // A block's rows (reorgs).
  `create index webhook_outbox_by_block on webhook_outbox (chain_id, block_hash)`,

  // The listeners with a pending row, each with the time it may next be sent to: its earliest pending row's, or
  // later once a claim served it (its turn). The claim reads those ready now, oldest first, so listeners whose
  // rows wait in backoff cost it nothing. Every statement that makes a row pending brings its listener's time
  // forward (delivery/ready-listeners.ts); the claim moves it on, and removes a listener with nothing pending.
  `create table webhook_listener_ready (listener_id text primary key, ready_at timestamptz not null)`,
  `create index webhook_listener_ready_by_time on webhook_listener_ready (ready_at)`,

  // Finished deliveries by the day they finished (UTC), and attempts by the day they were made: a day's table is
  // dropped whole past the retention (history-retention.ts makes and drops them); the default partition holds
  // what no day's table covers.
  `create table webhook_history (
     uid text not null, listener_id text not null, chain_id bigint not null, block_number bigint not null,
     block_hash text not null, body bytea not null, state text not null, attempts integer not null,
     retry_from integer not null, last_status integer, last_error text, created_at timestamptz not null,
     finished_at timestamptz not null) partition by range (finished_at)`,
  `create table webhook_history_default partition of webhook_history default`,
  `create index webhook_history_by_listener on webhook_history (listener_id, created_at)`,
  `create index webhook_history_by_block on webhook_history (chain_id, block_hash)`,
  `create index webhook_history_by_uid on webhook_history (uid)`,
  `create sequence webhook_attempts_id_seq`,
  `create table webhook_attempts (
     id bigint not null default nextval('webhook_attempts_id_seq'), uid text not null, listener_id text not null,
     attempt integer not null, at timestamptz not null, status integer, error text, duration_ms double precision not null)
   partition by range (at)`,
  `alter sequence webhook_attempts_id_seq owned by webhook_attempts.id`,
  `create table webhook_attempts_default partition of webhook_attempts default`,
  `create index webhook_attempts_by_uid on webhook_attempts (uid)`,
  // Every delivery, in the outbox or in history: for reading, each uid once.
  `create view webhook_deliveries as
     select uid, listener_id, chain_id, block_number, block_hash, body, state, attempts, retry_from, last_status,
       last_error, created_at, finished_at, next_attempt_at from webhook_outbox
     union all
     select uid, listener_id, chain_id, block_number, block_hash, body, state, attempts, retry_from, last_status,
       last_error, created_at, finished_at, null::timestamptz as next_attempt_at from webhook_history`,

  // The engines on this database, with their heartbeats (engine-presence.ts).
  `create table webhook_engines (
     id text primary key, backend_pid integer, started_at timestamptz not null, alive_until timestamptz)`,
  // Each chain's blocks as followed, and which engine follows the chain until when (chain-lease.ts).
  `create table webhook_chain_blocks (
     chain_id bigint not null, number bigint not null, hash text not null, parent_hash text not null,
     primary key (chain_id, number))`,
  `create table webhook_chain_leases (chain_id bigint primary key, engine_id text not null, lease_until timestamptz not null)`,
]
