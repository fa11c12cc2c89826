import { afterAll, beforeAll, expect, test } from 'vitest'
import { openSql, type Sql } from '../../src/store/sql.js'
import { dumpedStore } from '../support/store-dump.js'

/**
 * The embedded store runs a statement with parameters as a named prepared statement (src/store/embedded-statements.ts):
 * parsed once, then bound and executed. What PGlite's own query gave must come back the same, errors included, and
 * a statement must never run inside another caller's transaction.
 */
let sql: Sql

beforeAll(async () => {
  sql = await openSql({ dataDirDump: dumpedStore() })
  await sql.query(
    'create table kept (id bigint primary key, name text, tags text[], at timestamptz, ok boolean, doc jsonb)',
  )
})

afterAll(async () => {
  await sql?.close()
})

const preparedCount = async (text: string) =>
  (await sql.query<{ n: number }>(`select count(*)::int as n from pg_prepared_statements where statement = $1`, [text]))
    .rows[0]!.n

test('a statement with parameters is prepared once, and gives back what it was given, in their types', async () => {
  const insert = 'insert into kept (id, name, tags, at, ok, doc) values ($1, $2, $3, $4, $5, $6) returning *'
  const at = new Date('2026-11-28T12:00:00.123Z')
  const first = await sql.query(insert, [1, 'one', ['a', 'b,c', 'd"e'], at, true, { deep: [1, 'x'] }])
  const second = await sql.query(insert, [2n, null, [], at, false, null])
  expect(first.rows).toEqual([{ id: 1, name: 'one', tags: ['a', 'b,c', 'd"e'], at, ok: true, doc: { deep: [1, 'x'] } }])
  expect(second.rows).toEqual([{ id: 2, name: null, tags: [], at, ok: false, doc: null }])
  expect(await preparedCount(insert)).toBe(1)
})

test("a statement's error comes with its code, and the store goes on, alone and in a transaction", async () => {
  const insert = 'insert into kept (id, name) values ($1, $2)'
  await sql.query(insert, [10, 'ten'])
  await expect(sql.query(insert, [10, 'again'])).rejects.toMatchObject({ code: '23505' })
  await expect(
    sql.transaction(async (tx) => {
      await tx.query(insert, [11, 'eleven'])
      await tx.query(insert, [11, 'again'])
    }),
  ).rejects.toMatchObject({ code: '23505' })
  const { rows } = await sql.query<{ id: number }>('select id from kept where id >= $1 order by id', [10])
  expect(rows).toEqual([{ id: 10 }])
})

test('a statement that failed to prepare is prepared again once it can be', async () => {
  const read = 'select count(*)::int as n from later where n > $1'
  await expect(sql.query(read, [0])).rejects.toMatchObject({ code: '42P01' })
  await sql.query('create table later (n int)')
  expect((await sql.query(read, [0])).rows).toEqual([{ n: 0 }])
})

test("a statement outside a transaction waits for it: it never sees the transaction's rows, nor runs inside it", async () => {
  const count = 'select count(*)::int as n from kept where id = $1'
  let outside: Promise<{ rows: { n: number }[] }> | undefined
  const rolledBack = new Error('rolled back')
  await expect(
    sql.transaction(async (tx) => {
      await tx.query('insert into kept (id) values ($1)', [20])
      // Queued before the transaction's next statement: without the transaction's lock it would run first, inside it.
      outside = sql.query<{ n: number }>(count, [20])
      expect((await tx.query<{ n: number }>(count, [20])).rows).toEqual([{ n: 1 }])
      throw rolledBack
    }),
  ).rejects.toBe(rolledBack)
  expect((await outside!).rows).toEqual([{ n: 0 }])
})
