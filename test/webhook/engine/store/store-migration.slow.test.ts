import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { emptyDumpedStore } from '../../../support/store-dump.js'
import { openSql, type Sql } from '../../../../src/store/sql.js'
import { normaliseFilters } from '../../../../src/webhook/engine/listeners/filters.js'
import { createWebhookEngine } from '../../../../src/webhook/index.js'
import { generateSigningSecret } from '../../../../src/webhook/engine/delivery/signature.js'
import { prepareWebhookTables } from '../../../../src/webhook/engine/store/store-schema.js'
import { rowsReadBack, valueReadBack } from '../../support/rows-read-back.js'
import { createTestDatabase } from '../../../local/support.js'
import { firstLayoutStatements } from '../../support/first-store-layout.js'
import { transferSingleLog } from '../../support/logs.js'
import { startRawServer } from '../../support/raw-server.js'
import { waitUntil } from '../../support/receiver-server.js'

const CONTRACT = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const BOB = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const ZERO = '0x0000000000000000000000000000000000000000'
const TRANSFER_SINGLE =
  'TransferSingle(address indexed operator, address indexed from, address indexed to, uint256 id, uint256 value)'
const PROJECT = 7
const LISTENER = 'first-layout-listener'
const PENDING = '0x' + 'a'.repeat(64)
const DELIVERED = '0x' + 'b'.repeat(64)
const at = 1_700_000_000_123

/**
 * Rows as the first layout's engine wrote them (times in epoch ms), keyed by table; ordered by their first
 * column. After the new code opened the store, each must read back with the same values.
 */
function firstLayoutRows(receiverUrl: string): Record<string, Record<string, unknown>[]> {
  const listener = {
    project_id: PROJECT,
    chain_id: 137,
    url: receiverUrl,
    filters: normaliseFilters({ contractAddresses: [CONTRACT], events: [TRANSFER_SINGLE] }).filters,
    secret: generateSigningSecret(),
  }
  const block = { chain_id: 137, block_number: 4_000_001, block_hash: '0x' + 'c'.repeat(64) }
  return {
    webhook_listeners: [
      {
        id: LISTENER,
        ...listener,
        active: true,
        disabled_reason: null,
        created_at: at,
        updated_at: at + 1,
        removed_at: null,
      },
      {
        id: 'removed-listener',
        ...listener,
        active: false,
        disabled_reason: 'receiver answered 410 Gone',
        created_at: at,
        updated_at: at + 2,
        removed_at: at + 2,
      },
    ],
    webhook_outbox: [
      {
        uid: PENDING,
        listener_id: LISTENER,
        ...block,
        body: JSON.stringify({ uid: PENDING, written: 'by the first layout' }),
        state: 'pending',
        attempts: 1,
        next_attempt_at: at + 5_000,
        last_status: 500,
        last_error: 'HTTP 500',
        created_at: at,
        finished_at: null,
        claimed_by: null,
        in_flight_until: null,
      },
      {
        uid: DELIVERED,
        listener_id: LISTENER,
        ...block,
        body: JSON.stringify({ uid: DELIVERED }),
        state: 'delivered',
        attempts: 1,
        next_attempt_at: at,
        last_status: 204,
        last_error: null,
        created_at: at - 1,
        finished_at: at + 40,
        claimed_by: 'engine-of-the-first-layout',
        in_flight_until: null,
      },
    ],
    webhook_attempts: [
      {
        uid: PENDING,
        listener_id: LISTENER,
        attempt: 1,
        at: at + 10,
        status: 500,
        error: 'HTTP 500',
        duration_ms: 12.5,
      },
      { uid: DELIVERED, listener_id: LISTENER, attempt: 1, at: at + 30, status: 204, error: null, duration_ms: 7 },
    ],
    webhook_engines: [{ id: 'engine-of-the-first-layout', backend_pid: null, started_at: at - 60_000 }],
    webhook_chain_blocks: [
      { chain_id: 137, number: 4_000_001, hash: block.block_hash, parent_hash: '0x' + 'd'.repeat(64) },
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
          typeof value === 'object' && value !== null ? JSON.stringify(value) : value,
        ),
      )
    }
  }
}

/** A stored value as the expected one is written: a point in time or a bigint as its number. */
function asExpected(stored: unknown, expected: unknown): unknown {
  if (typeof expected !== 'number' || stored === null) return stored
  return stored instanceof Date ? stored.getTime() : Number(stored)
}

async function readRows(sql: Sql, table: string, like: Record<string, unknown>[]): Promise<Record<string, unknown>[]> {
  const columns = Object.keys(like[0]!)
  const { rows } = await sql.query<Record<string, unknown>>(
    `select ${columns.join(', ')} from ${table} order by ${columns[0]}`,
  )
  return rows.map((row, i) =>
    Object.fromEntries(columns.map((c) => [c, asExpected(valueReadBack(c, row[c]), like[i]?.[c])])),
  )
}

async function columnTypes(sql: Sql): Promise<string[]> {
  const { rows } = await sql.query<{ table_name: string; column_name: string; data_type: string }>(
    `select table_name, column_name, data_type from information_schema.columns
     where table_schema = current_schema() and table_name like 'webhook%'
       and table_name not in (select relname from pg_class where relispartition)`,
  )
  return rows.map((row) => `${row.table_name}.${row.column_name}: ${row.data_type}`).sort()
}

interface StoreKind {
  name: string
  /** Where a store lives, and how many openers (engines in one process each) may start on it at once. */
  place(): Promise<{ open(): Promise<Sql>; openers: number; cleanup(): void }>
}

const stores: StoreKind[] = [
  {
    name: 'an embedded store (DATA_DIR)',
    async place() {
      const dataDir = mkdtempSync(join(tmpdir(), 'webhook-first-layout-'))
      return {
        open: () => openSql({ dataDir }),
        openers: 1,
        cleanup: () => rmSync(dataDir, { recursive: true, force: true }),
      }
    },
  },
  {
    name: 'PostgreSQL (DATABASE_URL)',
    async place() {
      const databaseUrl = await createTestDatabase('webhook_first_layout')
      return { open: () => openSql({ databaseUrl }), openers: 3, cleanup: () => undefined }
    },
  },
]

const cleanups: (() => unknown)[] = []
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

describe.each(stores)('a store written by the first layout, on $name', (kind) => {
  test('opens with its rows unchanged, in the current layout, and its pending delivery is sent', async () => {
    const receiver = await startRawServer((_, response) => response.writeHead(204).end())
    cleanups.push(receiver.close)
    const place = await kind.place()
    cleanups.push(place.cleanup)
    const rows = firstLayoutRows(receiver.url)

    const old = await place.open()
    for (const statement of firstLayoutStatements) await old.query(statement)
    await insertRows(old, rows)
    await old.close()

    // Engines starting at once on one database: the conversion runs once, the others find it done.
    const opened = await Promise.all(Array.from({ length: place.openers }, () => place.open()))
    cleanups.push(() => Promise.all(opened.map((sql) => sql.close())))
    await Promise.all(opened.map((sql) => prepareWebhookTables(sql)))
    const sql = opened[0]!

    for (const [table, written] of Object.entries(rows)) {
      const expected = rowsReadBack(table, written)
      expect(await readRows(sql, expected.from, expected.rows)).toEqual(expected.rows)
    }
    const fresh = await openSql({ dataDirDump: emptyDumpedStore() })
    cleanups.push(() => fresh.close())
    await prepareWebhookTables(fresh)
    expect(await columnTypes(sql)).toEqual(await columnTypes(fresh))

    // The first layout's rows are from 2023: a retention that keeps them.
    const historyRetentionMs = Date.now() - at + 24 * 60 * 60 * 1000
    const engine = await createWebhookEngine({ sql, allowPrivateTargets: true, idlePollMs: 20, historyRetentionMs })
    cleanups.push(() => engine.stop())
    expect(engine.activeListeners).toBe(1)
    await engine.start()
    await waitUntil(() => receiver.requests.length === 1, 'the pending delivery of the first layout is sent')
    expect(receiver.requests[0]!.headers['webhook-id']).toBe(PENDING)
    expect(receiver.requests[0]!.body).toBe(rows.webhook_outbox![0]!.body)

    const { uids } = await engine.ingest(137, transferSingleLog(CONTRACT, BOB, ZERO, BOB, 1n, 1n))
    expect(uids).toHaveLength(1)
    const delivered = async () =>
      (await engine.listDeliveries(PROJECT, LISTENER)).deliveries.every(({ state }) => state === 'delivered')
    await waitUntil(delivered, 'a new delivery to the listener of the first layout is delivered too')
    expect(receiver.requests).toHaveLength(2)
    const report = await engine.listDeliveries(PROJECT, LISTENER)
    expect(report.deliveries.map(({ uid, state, attempts }) => ({ uid, state, attempts }))).toEqual([
      { uid: uids[0], state: 'delivered', attempts: 1 },
      { uid: PENDING, state: 'delivered', attempts: 2 },
      { uid: DELIVERED, state: 'delivered', attempts: 1 },
    ])
    expect(report.deliveries[1]!.history[0]).toEqual({
      attempt: 1,
      at: new Date(at + 10).toISOString(),
      status: 500,
      error: 'HTTP 500',
      durationMs: 12.5,
    })
  }, 120_000) // a new DATA_DIR is an initdb: seconds on a busy machine
})
