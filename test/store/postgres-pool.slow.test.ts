import pg from 'pg'
import { afterAll, expect, it } from 'vitest'
import { openSql, type Sql } from '../../src/store/sql.js'
import { createTestDatabase } from '../local/support.js'

/**
 * The DATABASE_URL store on the PostgreSQL server test/support/global-setup.ts started. Each test opens it
 * through open(), so without that server each test fails saying why (a failing beforeAll would mark them skipped).
 */
let databaseUrl: string
let store: Promise<Sql> | undefined
const logged: { message: string; error: unknown }[] = []

function open(): Promise<Sql> {
  store ??= createTestDatabase('store_pool').then((url) => {
    databaseUrl = url
    return openSql({ databaseUrl, log: (message, error) => logged.push({ message, error }) })
  })
  return store
}
afterAll(async () => (await store?.catch(() => undefined))?.close())

async function terminate(pid: number): Promise<void> {
  const admin = new pg.Client({ connectionString: databaseUrl })
  await admin.connect()
  try {
    const { rows } = await admin.query<{ done: boolean }>('select pg_terminate_backend($1) as done', [pid])
    expect(rows[0]!.done).toBe(true)
  } finally {
    await admin.end()
  }
}

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 10))
  expect(check()).toBe(true)
}

it('an idle connection dropped by the server is logged, not a crash, and the store keeps answering', async () => {
  const sql = await open()
  const before = logged.length
  const { rows } = await sql.query<{ pid: number }>('select pg_backend_pid() as pid')
  // That client is idle in the pool now; the server ends it (as on a restart).
  await terminate(rows[0]!.pid)
  await until(() => logged.length > before)
  expect(logged[before]!.message).toMatch(/connection lost/)
  expect(String(logged[before]!.error)).toMatch(/terminat/i)
  const after = await sql.query<{ pid: number }>('select pg_backend_pid() as pid')
  expect(after.rows[0]!.pid).not.toBe(rows[0]!.pid)
})

it('a connection dropped inside a transaction fails that transaction only', async () => {
  const sql = await open()
  await sql.query('create table if not exists t (v int)')
  const before = logged.length
  const failed = sql.transaction(async (tx) => {
    await tx.query('insert into t values (1)')
    const { rows } = await tx.query<{ pid: number }>('select pg_backend_pid() as pid')
    await terminate(rows[0]!.pid)
    await until(() => logged.length > before)
    await tx.query('insert into t values (2)')
  })
  await expect(failed).rejects.toThrow()
  expect(logged[before]!.message).toMatch(/connection lost during a transaction/)
  expect((await sql.query('select v from t')).rows).toEqual([])
  await sql.transaction((tx) => tx.query('insert into t values (3)'))
  expect((await sql.query('select v from t')).rows).toEqual([{ v: 3 }])
})
