/**
 * Step 1, released: the layout of the last version without steps. Creates what is missing, and converts the
 * columns the first layout typed otherwise (times as epoch-ms double precision, project ids as text, chain ids as
 * integer, block numbers as double precision) in place, keeping their rows. Never edited: a change is a new step.
 */
export const name = 'the tables of the last version without steps'

export const statements = [
  `create table if not exists webhook_listeners (
  id text primary key, project_id bigint not null, chain_id bigint, url text not null, filters jsonb not null,
  secret text not null, active boolean not null default true, disabled_reason text,
  created_at timestamptz not null, updated_at timestamptz not null, removed_at timestamptz)`,
  `create table if not exists webhook_outbox (
  uid text primary key, listener_id text not null, chain_id bigint not null, block_number bigint not null,
  block_hash text not null, body text not null, state text not null, attempts integer not null default 0,
  next_attempt_at timestamptz not null, last_status integer, last_error text, created_at timestamptz not null,
  finished_at timestamptz, claimed_by text, in_flight_until timestamptz)`,
  `create table if not exists webhook_engines (id text primary key, backend_pid integer, started_at timestamptz not null)`,
  `alter table webhook_engines add column if not exists alive_until timestamptz`,
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
  `create table if not exists webhook_chain_leases (chain_id bigint primary key, engine_id text not null, lease_until timestamptz not null)`,
  `create index if not exists webhook_outbox_pending_by_listener on webhook_outbox (listener_id, next_attempt_at) where state = 'pending'`,
  `do $step$
declare
  retyped constant text[][] := array[
    ['webhook_listeners', 'project_id', 'bigint'], ['webhook_listeners', 'chain_id', 'bigint'],
    ['webhook_listeners', 'created_at', 'timestamptz'], ['webhook_listeners', 'updated_at', 'timestamptz'],
    ['webhook_listeners', 'removed_at', 'timestamptz'],
    ['webhook_outbox', 'chain_id', 'bigint'], ['webhook_outbox', 'block_number', 'bigint'],
    ['webhook_outbox', 'next_attempt_at', 'timestamptz'], ['webhook_outbox', 'created_at', 'timestamptz'],
    ['webhook_outbox', 'finished_at', 'timestamptz'], ['webhook_outbox', 'in_flight_until', 'timestamptz'],
    ['webhook_engines', 'started_at', 'timestamptz'], ['webhook_attempts', 'at', 'timestamptz'],
    ['webhook_chain_blocks', 'chain_id', 'bigint'], ['webhook_chain_blocks', 'number', 'bigint']];
  entry text[];
  current_type text;
begin
  foreach entry slice 1 in array retyped loop
    select data_type into current_type from information_schema.columns
      where table_schema = current_schema() and table_name = entry[1] and column_name = entry[2];
    if entry[3] = 'bigint' and current_type <> 'bigint' then
      execute format('alter table %I alter column %I type bigint using %I::bigint', entry[1], entry[2], entry[2]);
    elsif entry[3] = 'timestamptz' and current_type <> 'timestamp with time zone' then
      execute format('alter table %I alter column %I type timestamptz using to_timestamp(%I / 1000)',
        entry[1], entry[2], entry[2]);
    end if;
  end loop;
end
$step$`,
]
