import { afterAll, describe, expect, test } from 'vitest'
import { emptyDumpedStore } from '../../../support/store-dump.js'
import { openSql, type Sql } from '../../../../src/store/sql.js'
import { normaliseFilters } from '../../../../src/webhook/engine/listeners/filters.js'
import { generateSigningSecret } from '../../../../src/webhook/engine/delivery/signature.js'
import { prepareWebhookTables, webhookMigrationSteps } from '../../../../src/webhook/engine/store/store-schema.js'
import { createWebhookEngine } from '../../../../src/webhook/index.js'
import { createTestDatabase } from '../../../local/support.js'
import { rowsReadBack, valueReadBack } from '../../support/rows-read-back.js'
import { unversionedLayoutStatements } from '../../support/unversioned-store-layout.js'

const every = webhookMigrationSteps.map((step) => step.version)
const PROJECT = 7
const LISTENER = 'unversioned-listener'
const PENDING = '0x' + 'a'.repeat(64)
const DELIVERED = '0x' + 'b'.repeat(64)
const at = Date.parse('2026-10-01T12:00:00.123Z')

interface StoreKind {
  name: string
  /** Opens `count` stores on one new database (a new embedded store holds one). */
  open(count: number): Promise<Sql[]>
}

const stores: StoreKind[] = [
  {
    name: 'an embedded store',
    open: async () => [await openSql({ dataDirDump: emptyDumpedStore() })],
  },
  {
    name: 'PostgreSQL (DATABASE_URL)',
    async open(count) {
      const databaseUrl = await createTestDatabase('webhook_migrations')
      return Promise.all(Array.from({ length: count }, () => openSql({ databaseUrl })))
    },
  },
]

const opened: Sql[] = []
afterAll(() => Promise.all(opened.splice(0).map((sql) => sql.close())))

async function open(kind: StoreKind, count = 1): Promise<Sql[]> {
  const sqls = await kind.open(count)
  opened.push(...sqls)
  return sqls
}

async function recordedSteps(sql: Sql): Promise<number[]> {
  const { rows } = await sql.query<{ version: number }>('select version from webhook_migrations order by version')
  return rows.map((row) => Number(row.version))
}

/** Rows as the last version without steps wrote them, keyed by table; ordered by their first column. */
function unversionedRows(): Record<string, Record<string, unknown>[]> {
  const block = { chain_id: 137, block_number: 4_000_001, block_hash: '0x' + 'c'.repeat(64) }
  return {
    webhook_listeners: [
      {
        id: LISTENER,
        project_id: PROJECT,
        chain_id: 137,
        url: 'http://127.0.0.1:9/hook',
        filters: normaliseFilters({
          contractAddresses: ['0x5FbDB2315678afecb367f032d93F642f64180aa3'],
          events: ['Transfer(address indexed from, address indexed to, uint256 value)'],
        }).filters,
        secret: generateSigningSecret(),
        active: true,
        created_at: new Date(at),
        updated_at: new Date(at + 1),
        failing_since: new Date(at + 20),
      },
    ],
    webhook_outbox: [
      {
        uid: PENDING,
        listener_id: LISTENER,
        ...block,
        body: JSON.stringify({ uid: PENDING, type: 'BLOCK_ADDED' }),
        state: 'pending',
        attempts: 1,
        next_attempt_at: new Date(at + 5_000),
        last_status: 500,
        last_error: 'HTTP 500',
        created_at: new Date(at),
        finished_at: null,
        retry_from: 0,
      },
      {
        uid: DELIVERED,
        listener_id: LISTENER,
        ...block,
        body: JSON.stringify({ uid: DELIVERED, type: 'BLOCK_ADDED' }),
        state: 'delivered',
        attempts: 2,
        next_attempt_at: new Date(at),
        last_status: 204,
        last_error: null,
        created_at: new Date(at - 1),
        finished_at: new Date(at + 40),
        retry_from: 1,
      },
    ],
    webhook_attempts: [
      {
        uid: DELIVERED,
        listener_id: LISTENER,
        attempt: 1,
        at: new Date(at + 30),
        status: 204,
        error: null,
        duration_ms: 7,
      },
      {
        uid: PENDING,
        listener_id: LISTENER,
        attempt: 1,
        at: new Date(at + 10),
        status: 500,
        error: 'HTTP 500',
        duration_ms: 12.5,
      },
    ],
  }
}

async function insertRows(sql: Sql, rows: Record<string, Record<string, unknown>[]>): Promise<void> {
  for (const [table, tableRows] of Object.entries(rows)) {
    for (const row of tableRows) {
      const columns = Object.keys(row)
      await sql.query(
        `insert into ${table} (${columns.join(', ')}) values (${columns.map((_, i) => `$${i + 1}`).join(', ')})`,
        Object.values(row).map((value) =>
          typeof value === 'object' && value !== null && !(value instanceof Date) ? JSON.stringify(value) : value,
        ),
      )
    }
  }
}

async function readRows(sql: Sql, table: string, like: Record<string, unknown>[]): Promise<Record<string, unknown>[]> {
  const columns = Object.keys(like[0]!)
  const { rows } = await sql.query<Record<string, unknown>>(
    `select ${columns.join(', ')} from ${table} order by ${columns[0]}, ${columns[columns.length - 1]}`,
  )
  // bigint columns read back as strings on PostgreSQL and as numbers on PGlite.
  return rows.map((row) =>
    Object.fromEntries(
      columns.map((c) => [
        c,
        valueReadBack(c, typeof row[c] === 'string' && /^\d+$/.test(row[c]) ? Number(row[c]) : row[c]),
      ]),
    ),
  )
}

async function layout(sql: Sql): Promise<string[]> {
  const { rows } = await sql.query<{ table_name: string; column_name: string; data_type: string }>(
    `select table_name, column_name, data_type from information_schema.columns
     where table_schema = current_schema() and table_name in (select relname from pg_class where relname like 'webhook%' and not relispartition)`,
  )
  return rows.map((row) => `${row.table_name}.${row.column_name}: ${row.data_type}`).sort()
}

describe.each(stores)('the engine tables on $name', (kind) => {
  test('a new store gets every step once; opening it again applies none', async () => {
    const [sql] = await open(kind)
    expect(await prepareWebhookTables(sql!)).toEqual(every)
    expect(await prepareWebhookTables(sql!)).toEqual([])
    expect(await recordedSteps(sql!)).toEqual(every)
  })

  test('a store written by the last version without steps migrates and keeps its rows', async () => {
    const [old] = await open(kind)
    for (const statement of unversionedLayoutStatements) await old!.query(statement)
    const rows = unversionedRows()
    await insertRows(old!, rows)

    expect(await prepareWebhookTables(old!)).toEqual(every)
    for (const [table, written] of Object.entries(rows)) {
      const expected = rowsReadBack(table, written)
      const sorted = [...expected.rows].sort((a, b) =>
        String(Object.values(a)[0]).localeCompare(String(Object.values(b)[0])),
      )
      expect(await readRows(old!, expected.from, expected.rows)).toEqual(sorted)
    }
    const [fresh] = await open(stores[0]!)
    await prepareWebhookTables(fresh!)
    expect(await layout(old!)).toEqual(await layout(fresh!))

    const engine = await createWebhookEngine({ sql: old!, allowPrivateTargets: true })
    const report = await engine.listDeliveries(PROJECT, LISTENER)
    await engine.stop()
    expect(report.deliveries.map(({ uid, state, attempts, history }) => ({ uid, state, attempts, history }))).toEqual([
      {
        uid: PENDING,
        state: 'pending',
        attempts: 1,
        history: [
          { attempt: 1, at: new Date(at + 10).toISOString(), status: 500, error: 'HTTP 500', durationMs: 12.5 },
        ],
      },
      {
        uid: DELIVERED,
        state: 'delivered',
        attempts: 2,
        history: [{ attempt: 1, at: new Date(at + 30).toISOString(), status: 204, durationMs: 7 }],
      },
    ])
  })

  test('a store migrated by a newer version is refused, unchanged', async () => {
    const [sql] = await open(kind)
    await prepareWebhookTables(sql!)
    const newer = every.length + 1
    await sql!.query(`insert into webhook_migrations (version, name, applied_at) values ($1, 'newer', now())`, [newer])
    await expect(prepareWebhookTables(sql!)).rejects.toThrow(`the store was migrated by a newer version (step ${newer}`)
    expect(await recordedSteps(sql!)).toEqual([...every, newer])
  })
})

test('engines starting at once on one PostgreSQL database apply each step once', async () => {
  const sqls = await open(stores[1]!, 3)
  const applied = await Promise.all(sqls.map((sql) => prepareWebhookTables(sql)))
  expect(applied.flat().sort((a, b) => a - b)).toEqual(every)
  expect(applied.filter((versions) => versions.length > 0)).toHaveLength(1)
  expect(await recordedSteps(sqls[0]!)).toEqual(every)
})
