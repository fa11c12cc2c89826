import { afterAll, describe, expect, test } from 'vitest'
import { openSql, type Sql } from '../../../../src/store/sql.js'
import { prepareWebhookTables, webhookMigrationSteps } from '../../../../src/webhook/engine/store/store-schema.js'
import { emptyDumpedStore } from '../../../support/store-dump.js'
import { createTestDatabase } from '../../../local/support.js'
import { firstLayoutStatements } from '../../support/first-store-layout.js'
import { unversionedLayoutStatements } from '../../support/unversioned-store-layout.js'

/**
 * The layout (store/layout.ts) is what every store reaches: a database made from it, one taken through every step
 * from nothing, and one of each earlier layout migrated, have the same catalog: tables and their options, partition
 * keys, columns, constraints, indexes, views, functions and triggers (the history's day tables, made by the upkeep
 * for the days they hold, are left out).
 */
const CATALOG = {
  tables: `select c.relname, c.relkind, coalesce(array_to_string(c.reloptions, ','), '') as options,
             coalesce(pg_get_partkeydef(c.oid), '') as partition_key,
             coalesce(pg_get_expr(c.relpartbound, c.oid), '') as partition_bound
           from pg_class c where c.relnamespace = current_schema()::regnamespace and c.relkind in ('r', 'p', 'v', 'S')`,
  columns: `select c.relname, string_agg(a.attname || ' ' || format_type(a.atttypid, a.atttypmod)
               || case when a.attnotnull then ' not null' else '' end
               || coalesce(' default ' || pg_get_expr(d.adbin, d.adrelid), ''), ', ' order by a.attnum) as columns
            from pg_class c join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
            left join pg_attrdef d on d.adrelid = c.oid and d.adnum = a.attnum
            where c.relnamespace = current_schema()::regnamespace and c.relkind in ('r', 'p', 'v') group by c.relname`,
  constraints: `select c.relname, k.conname, pg_get_constraintdef(k.oid) as definition from pg_constraint k
                join pg_class c on c.oid = k.conrelid where c.relnamespace = current_schema()::regnamespace`,
  indexes: `select indexname, tablename, indexdef from pg_indexes where schemaname = current_schema()`,
  views: `select viewname, pg_get_viewdef(viewname::regclass) as definition from pg_views where schemaname = current_schema()`,
  functions: `select p.proname, pg_get_functiondef(p.oid) as definition from pg_proc p
              where p.pronamespace = current_schema()::regnamespace`,
  triggers: `select tgname, pg_get_triggerdef(t.oid) as definition from pg_trigger t join pg_class c on c.oid = t.tgrelid
             where c.relnamespace = current_schema()::regnamespace and not t.tgisinternal`,
}

/** The history's day tables, and the record of steps (which the catalog compares by itself). */
const leftOut = /_d\d{8}(_|$)|^webhook_migrations/

/** The catalog of the current schema, its name left out of the definitions that hold it. */
async function catalogOf(sql: Sql): Promise<Record<string, string[]>> {
  const { rows: schema } = await sql.query<{ name: string }>('select current_schema() as name')
  const catalog: Record<string, string[]> = {}
  for (const [part, query] of Object.entries(CATALOG)) {
    const { rows } = await sql.query<Record<string, unknown>>(query)
    catalog[part] = rows
      .filter((row) => !Object.values(row).some((value) => typeof value === 'string' && leftOut.test(value)))
      .map((row) => JSON.stringify(row).replaceAll(`${schema[0]!.name}.`, ''))
      .sort()
  }
  return catalog
}

/** Records steps as an earlier version of the runner did: by version and name, without checksums. */
async function applyStepsAsReleased(sql: Sql, upTo: number): Promise<void> {
  await sql.query(
    'create table webhook_migrations (version integer primary key, name text not null, applied_at timestamptz not null)',
  )
  for (const step of webhookMigrationSteps.slice(0, upTo)) {
    for (const statement of step.statements) await sql.query(statement)
    await sql.query('insert into webhook_migrations (version, name, applied_at) values ($1, $2, now())', [
      step.version,
      step.name,
    ])
  }
}

/** Each earlier layout, made on an empty database; the engine then migrates it. */
const earlierLayouts: [string, (sql: Sql) => Promise<void>][] = [
  ['the first layout', (sql) => runAll(sql, firstLayoutStatements)],
  ['the last layout without steps', (sql) => runAll(sql, unversionedLayoutStatements)],
  ...webhookMigrationSteps.map((step): [string, (sql: Sql) => Promise<void>] => [
    `step ${step.version} (${step.name})`,
    (sql) => applyStepsAsReleased(sql, step.version),
  ]),
]

async function runAll(sql: Sql, statements: readonly string[]): Promise<void> {
  for (const statement of statements) await sql.query(statement)
}

const opened: Sql[] = []
afterAll(() => Promise.all(opened.splice(0).map((sql) => sql.close())))

/**
 * Each case an empty database: on PostgreSQL a database of its own; on the embedded store, which opens in a second or
 * two, a schema of its own in one store (the engine's statements name no schema).
 */
let embedded: Sql | undefined
let schemas = 0
const stores: [string, () => Promise<Sql>][] = [
  [
    'an embedded store',
    async () => {
      if (!embedded) opened.push((embedded = await openSql({ dataDirDump: emptyDumpedStore() })))
      const schema = `layout_case_${++schemas}`
      await embedded.query(`create schema ${schema}`)
      await embedded.query(`set search_path to ${schema}`)
      return embedded
    },
  ],
  [
    'PostgreSQL',
    async () => {
      const sql = await openSql({ databaseUrl: await createTestDatabase('webhook_layout') })
      opened.push(sql)
      return sql
    },
  ],
]

const open = (make: () => Promise<Sql>) => make()

describe.each(stores)('on %s', (_, make) => {
  let layout: Record<string, string[]>

  test('a new database is made from the layout, every step recorded with its checksum', async () => {
    const sql = await open(make)
    expect(await prepareWebhookTables(sql)).toEqual(webhookMigrationSteps.map((step) => step.version))
    layout = await catalogOf(sql)
    expect(layout.tables!.length).toBeGreaterThan(0)
    const { rows } = await sql.query<{ checksum: string | null }>('select checksum from webhook_migrations')
    expect(rows.every((row) => row.checksum !== null)).toBe(true)
  })

  test.each([
    ['name', `update webhook_migrations set name = 'another step' where version = 3`, /recorded as "another step"/],
    ['checksum', `update webhook_migrations set checksum = 'f00' where version = 2`, /checksum f00/],
  ])('a database whose recorded step differs by %s is refused, unchanged', async (_, tamper, message) => {
    const sql = await open(make)
    await prepareWebhookTables(sql)
    await sql.query(tamper)
    const before = await catalogOf(sql)
    await expect(prepareWebhookTables(sql)).rejects.toThrow(message)
    expect(await catalogOf(sql)).toEqual(before)
  })

  test.each(earlierLayouts)('%s reaches the same catalog', async (_, makeEarlier) => {
    const sql = await open(make)
    await makeEarlier(sql)
    await prepareWebhookTables(sql)
    expect(await catalogOf(sql)).toEqual(layout)
  })
})
