/**
 * Step 2, released: the outbox partitioned by the day a row was queued and the attempts by the attempt's day (UTC),
 * each with a default partition, its plain indexes made again and indexed by uid in place of a key; a day table for
 * every day the rows have, and for the day of the newest of them or of now and the 3 days after. Step 3 takes the
 * outbox's partitioning back. Never edited: a change is a new step.
 */
export const name = 'delivery history partitioned by day'

export const statements = [
  `-- the day table of a day (UTC), unless present or its rows sit in the default partition; dropped at the end
  create function webhook_step2_day_table(parent text, day timestamptz) returns void language plpgsql as $fn$
declare
  start_at timestamptz := date_trunc('day', day, 'UTC');
  column_name text := case parent when 'webhook_outbox' then 'created_at' else 'at' end;
  child text := parent || '_d' || to_char(date_trunc('day', day, 'UTC') at time zone 'UTC', 'YYYYMMDD');
  found_row boolean;
begin
  if exists (select 1 from pg_class where relname = child and relnamespace = current_schema()::regnamespace) then
    return;
  end if;
  execute format('select exists (select 1 from %I where %I >= $1 and %I < $2)', parent || '_default', column_name,
    column_name) into found_row using start_at, start_at + interval '1 day';
  if found_row then
    return;
  end if;
  execute format('create table %I partition of %I for values from (%L) to (%L)', child, parent, start_at,
    start_at + interval '1 day');
end
$fn$`,
  `do $step$
declare
  partitioned constant text[][] := array[['webhook_outbox', 'created_at'], ['webhook_attempts', 'at']];
  entry text[];
  indexes text[];
  definition text;
  day timestamptz;
  newest timestamptz;
  table_name text;
begin
  foreach entry slice 1 in array partitioned loop
    select coalesce(array_agg(pg_get_indexdef(i.indexrelid)), '{}') into indexes
      from pg_index i join pg_class c on c.oid = i.indrelid
      where c.relname = entry[1] and c.relnamespace = current_schema()::regnamespace and not i.indisunique;
    execute format('alter table %I rename to %I', entry[1], entry[1] || '_unpartitioned');
    execute format('create table %I (like %I including defaults) partition by range (%I)',
      entry[1], entry[1] || '_unpartitioned', entry[2]);
    execute format('create table %I partition of %I default', entry[1] || '_default', entry[1]);
    newest := null;
    for day in execute format(
      'select distinct date_trunc(''day'', %I, ''UTC'') from %I where %I is not null union select now()',
      entry[2], entry[1] || '_unpartitioned', entry[2]) loop
      newest := greatest(newest, day);
      perform webhook_step2_day_table(entry[1], day);
    end loop;
    for i in 0..3 loop
      perform webhook_step2_day_table(entry[1], newest + i * interval '1 day');
    end loop;
    execute format('insert into %I select * from %I', entry[1], entry[1] || '_unpartitioned');
    if entry[1] = 'webhook_attempts' then
      alter sequence webhook_attempts_id_seq owned by webhook_attempts.id;
    end if;
    execute format('drop table %I', entry[1] || '_unpartitioned');
    foreach definition in array indexes loop
      execute definition;
    end loop;
  end loop;
end
$step$`,
  `create index webhook_outbox_by_uid on webhook_outbox (uid)`,
  `create index webhook_attempts_by_uid on webhook_attempts (uid)`,
  `drop function webhook_step2_day_table(text, timestamptz)`,
]
