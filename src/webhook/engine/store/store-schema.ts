import type { Sql } from '../../../store/sql.js'
import { equalityOnlyListenerIndex, separateHistoryFromOutbox } from './delivery-history.js'
import { partitionHistoryTables } from './history-partitions.js'
import { applyMigrations, type MigrationStep } from './migrations.js'

/**
 * The engine's own tables, in the local store's convention (src/local/store/schema.ts): points in time are
 * timestamptz (the engine's clock, epoch ms, goes in as a Date), ids, chain ids and block numbers bigint,
 * durations numeric milliseconds named *_ms. A time one engine writes and another compares (next_attempt_at,
 * in_flight_until, alive_until, lease_until) is the database's clock instead: `now()` in the statement.
 */
const statements = [
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
  // The fair claim (claimDueDeliveries): the listeners with pending rows, one index probe each, and each
  // listener's oldest due rows, whatever the size of its backlog.
  `create index if not exists webhook_outbox_pending_by_listener on webhook_outbox (listener_id, next_attempt_at) where state = 'pending'`,
]

/** Each target type: its name in information_schema, and how a first-layout value becomes one. */
const targets = {
  bigint: { name: 'bigint', from: (column: string) => `${column}::bigint` },
  timestamptz: { name: 'timestamp with time zone', from: (column: string) => `to_timestamp(${column} / 1000)` },
}

/**
 * Columns the first layout typed otherwise (times as epoch-ms double precision, project ids as text, chain ids
 * as integer, block numbers as double precision). A store written by it is converted in place, keeping its rows.
 */
const retyped: { table: string; columns: string[]; type: keyof typeof targets }[] = [
  { table: 'webhook_listeners', columns: ['project_id', 'chain_id'], type: 'bigint' },
  { table: 'webhook_listeners', columns: ['created_at', 'updated_at', 'removed_at'], type: 'timestamptz' },
  { table: 'webhook_outbox', columns: ['chain_id', 'block_number'], type: 'bigint' },
  {
    table: 'webhook_outbox',
    columns: ['next_attempt_at', 'created_at', 'finished_at', 'in_flight_until'],
    type: 'timestamptz',
  },
  { table: 'webhook_engines', columns: ['started_at'], type: 'timestamptz' },
  { table: 'webhook_attempts', columns: ['at'], type: 'timestamptz' },
  { table: 'webhook_chain_blocks', columns: ['chain_id', 'number'], type: 'bigint' },
]

/** Alters the columns still in the first layout's types. */
async function convertFirstLayout(sql: Sql): Promise<void> {
  const { rows } = await sql.query<{ table_name: string; column_name: string; data_type: string }>(
    `select table_name, column_name, data_type from information_schema.columns
     where table_schema = current_schema() and table_name = any($1)`,
    [[...new Set(retyped.map(({ table }) => table))]],
  )
  const typeOf = new Map(rows.map((row) => [`${row.table_name}.${row.column_name}`, row.data_type]))
  const changes = new Map<string, string[]>()
  for (const { table, columns, type } of retyped) {
    for (const column of columns) {
      if (typeOf.get(`${table}.${column}`) === targets[type].name) continue
      const change = `alter column ${column} type ${type} using ${targets[type].from(column)}`
      changes.set(table, [...(changes.get(table) ?? []), change])
    }
  }
  for (const [table, alterations] of changes) {
    try {
      await sql.query(`alter table ${table} ${alterations.join(', ')}`)
    } catch (error) {
      throw new Error(`could not convert ${table} to this version's column types: ${(error as Error).message}`, {
        cause: error,
      })
    }
  }
}

/**
 * The engine's tables change through these steps, each recorded in webhook_migrations and applied once.
 * Step 1 is the layout of the last version without steps: it creates what is missing and converts the first
 * layout's types, so a new database, a store of that version and one of the first layout all reach it.
 */
export const webhookMigrationSteps: readonly MigrationStep[] = [
  {
    version: 1,
    name: 'the tables of the last version without steps',
    async up(sql) {
      for (const statement of statements) await sql.query(statement)
      await convertFirstLayout(sql)
    },
  },
  { version: 2, name: 'delivery history partitioned by day', up: partitionHistoryTables },
  { version: 3, name: 'the outbox apart from the history, kept by the day it finished', up: separateHistoryFromOutbox },
  { version: 4, name: "the outbox's listener index for equality only", up: equalityOnlyListenerIndex },
]

/**
 * Creates the tables, or brings a store written by an earlier version to this layout, under the database's
 * setup lock: engines starting at once on one PostgreSQL database migrate it once. Returns the steps applied.
 */
export async function prepareWebhookTables(sql: Sql): Promise<number[]> {
  return applyMigrations(sql, 'webhook_migrations', webhookMigrationSteps)
}
