import { PGlite } from '@electric-sql/pglite'
import { afterEach, expect, test, vi } from 'vitest'
import { EMBEDDED_VACUUM_EVERY_MS, vacuumWhereDue } from '../../src/store/embedded-autovacuum.js'
import { openSql, type Sql } from '../../src/store/sql.js'
import { dumpedStore } from '../support/store-dump.js'
import { waitUntil } from '../webhook/support/receiver-server.js'

/**
 * PGlite runs no autovacuum, so the embedded store does its work (src/store/embedded-autovacuum.ts): a table whose
 * rows come and go (the webhook outbox) gives its space back, and its statistics follow what it holds.
 */
const cleanups: (() => Promise<unknown>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

type Runner = Pick<Sql, 'query'>

/** 2,000 rows of about 1.5 KB written and deleted, as deliveries pass through the outbox. */
async function churn(db: Runner): Promise<void> {
  await db.query('create table passing (id int primary key, body text not null)')
  await db.query(`insert into passing select n, repeat('x', 1500) from generate_series(1, 2000) as n`)
  await db.query('delete from passing')
}

const pages = async (db: Runner) =>
  Number((await db.query<{ n: number }>(`select pg_relation_size('passing') / 8192 as n`)).rows[0]!.n)

/** The table's activity as autovacuum reads it: a backend reports its counts when it goes idle, so this asks for it first. */
const stats = async (db: Runner) => {
  await db.query('select pg_stat_force_next_flush()')
  return (
    await db.query<{ dead: number; changed: number }>(
      `select n_dead_tup::int as dead, n_mod_since_analyze::int as changed from pg_stat_user_tables where relname = 'passing'`,
    )
  ).rows[0]!
}

/** How often each table was vacuumed and analyzed by hand. */
const upkeep = async (db: Runner) =>
  (
    await db.query<{ name: string; vacuums: number; analyzes: number }>(
      `select relname as name, vacuum_count::int as vacuums, analyze_count::int as analyzes
       from pg_stat_user_tables where relname in ('passing', 'grown', 'still') order by relname`,
    )
  ).rows

test('a table whose rows came and went is vacuumed, one that grew is analyzed, one that barely changed is left', async () => {
  const db = await PGlite.create({ loadDataDir: dumpedStore() })
  cleanups.push(() => db.close())
  await churn(db)
  await db.query('create table grown (id int primary key)')
  await db.query('insert into grown select n from generate_series(1, 200) as n')
  await db.query('create table still (id int primary key)')
  await db.query('insert into still select n from generate_series(1, 10) as n')
  expect(await pages(db)).toBeGreaterThan(300)
  expect(await stats(db)).toEqual({ dead: 2000, changed: 4000 })

  expect(await vacuumWhereDue(db)).toEqual(['public.grown', 'public.passing'])
  expect(await pages(db)).toBe(0)
  expect(await stats(db)).toEqual({ dead: 0, changed: 0 })
  expect(await upkeep(db)).toEqual([
    { name: 'grown', vacuums: 0, analyzes: 1 },
    { name: 'passing', vacuums: 1, analyzes: 1 },
    { name: 'still', vacuums: 0, analyzes: 0 },
  ])
  expect(await vacuumWhereDue(db)).toEqual([])
})

test('an embedded store opened by openSql does it on its own, every EMBEDDED_VACUUM_EVERY_MS', async () => {
  // The store's own interval, on a clock this test moves: its rounds come when that much time has passed.
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
  cleanups.push(async () => vi.useRealTimers())
  const sql = await openSql({ dataDirDump: dumpedStore() })
  cleanups.push(() => sql.close())
  await churn(sql)
  expect(await pages(sql)).toBeGreaterThan(300)
  vi.advanceTimersByTime(EMBEDDED_VACUUM_EVERY_MS - 1)
  await new Promise((resolve) => setTimeout(resolve, 200))
  expect(await pages(sql)).toBeGreaterThan(300)
  vi.advanceTimersByTime(1)
  await waitUntil(async () => (await pages(sql)) === 0, 'the table is vacuumed', 10_000)
  expect(await stats(sql)).toEqual({ dead: 0, changed: 0 })
})
