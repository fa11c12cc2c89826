/**
 * Step 3, released: the outbox, partitioned by the day a row was queued, becomes the outbox of the rows the engine
 * works on (pending ones, and every row of a block a reorg dropped), with uid its key again, and webhook_history of
 * the rest, partitioned by the day they finished. Never edited: a change is a new step.
 */
export const name = 'the outbox apart from the history, kept by the day it finished'

const dropped = `exists (select 1 from webhook_outbox_by_queued_day r where r.chain_id = o.chain_id
  and r.block_hash = o.block_hash and (r.state = 'reorged' or r.body::json ->> 'type' = 'BLOCK_REMOVED'))`

const columns = `uid, listener_id, chain_id, block_number, block_hash, body, state, attempts, retry_from, last_status,
  last_error, created_at, finished_at`

export const statements = [
  `alter table webhook_outbox rename to webhook_outbox_by_queued_day`,
  `create table webhook_outbox (like webhook_outbox_by_queued_day including defaults)`,
  `alter table webhook_outbox add primary key (uid), add column in_dropped_block boolean not null default false`,
  `create table webhook_history (
     uid text not null, listener_id text not null, chain_id bigint not null, block_number bigint not null,
     block_hash text not null, body text not null, state text not null, attempts integer not null,
     retry_from integer not null, last_status integer, last_error text, created_at timestamptz not null,
     finished_at timestamptz not null) partition by range (finished_at)`,
  `create table webhook_history_default partition of webhook_history default`,
  `do $step$
   declare
     day timestamptz;
     newest timestamptz;
     start_at timestamptz;
     child text;
   begin
     for day in select distinct date_trunc('day', finished_at, 'UTC') from webhook_outbox_by_queued_day
                where finished_at is not null union select now() loop
       newest := greatest(newest, day);
     end loop;
     for day in select distinct date_trunc('day', finished_at, 'UTC') from webhook_outbox_by_queued_day
                where finished_at is not null union select now()
                union select newest + i * interval '1 day' from generate_series(1, 3) as i loop
       start_at := date_trunc('day', day, 'UTC');
       child := 'webhook_history_d' || to_char(start_at at time zone 'UTC', 'YYYYMMDD');
       if not exists (select 1 from pg_class where relname = child and relnamespace = current_schema()::regnamespace)
       then
         execute format('create table %I partition of webhook_history for values from (%L) to (%L)', child, start_at,
           start_at + interval '1 day');
       end if;
     end loop;
   end
   $step$`,
  `insert into webhook_outbox select o.*, ${dropped} from webhook_outbox_by_queued_day o
   where o.state = 'pending' or ${dropped}`,
  `insert into webhook_history (${columns})
   select uid, listener_id, chain_id, block_number, block_hash, body, state, attempts, retry_from, last_status,
     last_error, created_at, coalesce(finished_at, created_at)
   from webhook_outbox_by_queued_day o where not exists (select 1 from webhook_outbox l where l.uid = o.uid)`,
  `drop table webhook_outbox_by_queued_day`,
  `create index webhook_outbox_due on webhook_outbox (next_attempt_at) where state = 'pending'`,
  `create index webhook_outbox_pending_by_listener on webhook_outbox (listener_id, next_attempt_at) where state = 'pending'`,
  `create index webhook_outbox_by_listener on webhook_outbox (listener_id, created_at)`,
  `create index webhook_outbox_by_block on webhook_outbox (chain_id, block_hash)`,
  `create index webhook_history_by_listener on webhook_history (listener_id, created_at)`,
  `create index webhook_history_by_block on webhook_history (chain_id, block_hash)`,
  `create index webhook_history_by_uid on webhook_history (uid)`,
  `create view webhook_deliveries as
     select ${columns}, next_attempt_at from webhook_outbox
     union all select ${columns}, null::timestamptz as next_attempt_at from webhook_history`,
]
