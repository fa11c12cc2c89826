import { createHash } from 'node:crypto'
import { existsSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import type { PGlite } from '@electric-sql/pglite'
import type pg from 'pg'
import { consoleLog, type Log } from '../observability/log.js'
import { retryingConflicts } from './conflict-retry.js'
import { startEmbeddedAutovacuum } from './embedded-autovacuum.js'
import { EmbeddedStatements } from './embedded-statements.js'
import { keepTemplate, readTemplateArchive, templateArchive } from './embedded-template.js'
import { lockDataDir } from './lock.js'
import type { NotificationHandlers, Notifications } from './notifications.js'

export { DataDirLockedError, lockDataDir, lockFileName } from './lock.js'

/** One SQL dialect (PostgreSQL) for both the embedded store and a real server. */
export interface Sql {
  query<Row = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: Row[] }>
  /**
   * Runs fn in one transaction; a throw rolls it back. On PostgreSQL a transaction aborted by a deadlock or a
   * serialization failure runs again from the start (conflict-retry.ts), so fn must do nothing but its queries.
   */
  transaction<T>(fn: (sql: Sql) => Promise<T>): Promise<T>
  close(): Promise<void>
  /**
   * Subscribes to NOTIFY on these channels (a store opened by openSql has it; a transaction does not).
   * Notifications are sent on commit, to every process on the database, the sender included.
   */
  listen?(channels: readonly string[], handlers: NotificationHandlers): Promise<Notifications>
  /**
   * Runs fn while holding the database's setup lock, so processes sharing one database create tables and
   * seed data one at a time (concurrent CREATE TABLE IF NOT EXISTS can fail on PostgreSQL).
   */
  oneAtATime?<T>(fn: () => Promise<T>): Promise<T>
  /**
   * Asks the database for `select 1` on a connection of its own, outside the pool (busy queries never delay it),
   * rejecting when no answer comes within timeoutMs: whether the server answers now. A PostgreSQL server has it.
   */
  probe?(timeoutMs: number): Promise<void>
}

export interface SqlOptions {
  /** A PostgreSQL connection string; when set, the store runs there. */
  databaseUrl?: string
  /**
   * Where the embedded PostgreSQL (PGlite) keeps its files; in memory when absent. One store at a time per
   * directory: opening takes the lock file `store.lock` there, and a second opener gets DataDirLockedError.
   */
  dataDir?: string
  /**
   * A dump of an embedded store's data directory (PGlite's `dumpDataDir('none')`) that a new embedded store
   * starts from instead of running initdb, which is most of the time it takes to open. Test setups opening
   * many stores dump one once. A data directory that already holds a database opens as it is; not used with
   * databaseUrl.
   */
  dataDirDump?: Blob
  /**
   * A file keeping the embedded store's template: a new in-memory store opens from it (about 0.13 s) instead of
   * running initdb (about 2 s); else the store is made (initdb, or dataDirDump), templateSetup runs, and it is kept
   * there, written in the background (close() waits). One that does not open is removed.
   */
  templateFile?: string
  /** What a template holds beyond a new store (the engine's tables, its day tables of that day); named by the layout. */
  templateSetup?: (sql: Sql) => Promise<unknown>
  /**
   * Where errors that belong to no query go (a PostgreSQL server dropping an idle connection, e.g. on restart; a
   * failed vacuum of the embedded store); the store keeps going and later queries fail or succeed on their own.
   * console.error when absent.
   */
  log?: Log
  /**
   * On PostgreSQL, the longest wait for a connection and for one query's answer, after which the query fails
   * (a server that stopped answering, or a network that holds the connection open without forwarding, would
   * otherwise keep its caller waiting for ever). None when absent: a server process passes QUERY_TIMEOUT_MS.
   */
  queryTimeoutMs?: number
}

/** The bound on one query's answer that a long-running server sets (SqlOptions.queryTimeoutMs). */
export const QUERY_TIMEOUT_MS = 30_000

/** PGlite and pg load with the first store that needs them: a server that never opens one never pays for them. */
export async function openSql(options: SqlOptions = {}): Promise<Sql> {
  const log = options.log ?? consoleLog
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, log, options.queryTimeoutMs)
    : openEmbedded({
        dataDir: options.dataDir,
        dump: options.dataDirDump,
        templateFile: options.templateFile,
        templateSetup: options.templateSetup,
        log,
      })
}

/**
 * In memory, every page of the store is already in the process's memory (PGlite's in-memory file system): a buffer
 * pool of PostgreSQL's default 128 MB keeps second copies. At 16 MB `npm start`'s process peaks 140 MiB lower, with
 * the engine's statements as fast (BENCHMARKS.md, "Embedded store in memory").
 */
const IN_MEMORY_SETTINGS = ['-c', 'shared_buffers=16MB']

/**
 * initdb's options for an in-memory store, written into its postgresql.conf. WAL in 1 MB segments, removed once a
 * checkpoint passes them, rather than 16 MB ones kept for reuse: a template is 19 MB instead of 33, and opens a
 * tenth sooner. Data checksums, there for storage that corrupts pages, cost CPU on every page written.
 */
const IN_MEMORY_INITDB = ['--wal-segsize=1', '-c', 'min_wal_size=2MB', '-c', 'wal_recycle=off', '--no-data-checksums']

/**
 * A template starts in-memory stores only, which make no database: template0, the pristine copy that CREATE DATABASE
 * takes for another encoding or a pg_dump restore, is a fifth of a template's bytes and of the CPU of opening one.
 */
const WITHOUT_TEMPLATE0 = [
  `update pg_database set datistemplate = false where datname = 'template0'`,
  'drop database if exists template0',
]

interface EmbeddedStart {
  dataDir?: string
  /** What a new store starts from (SqlOptions.dataDirDump). */
  dump?: Blob
  /** Or, in memory, a template's archive, which the store takes as its own (template-fs.ts). */
  archive?: Uint8Array
  templateFile?: string
  templateSetup?: (sql: Sql) => Promise<unknown>
  log: Log
}

async function openEmbedded({ dataDir, dump, archive, templateFile, templateSetup, log }: EmbeddedStart): Promise<Sql> {
  const template = dataDir ? undefined : templateFile
  const kept = template ? readTemplateArchive(template, log) : undefined
  if (template && kept) {
    try {
      return await openEmbedded({ archive: kept, log })
    } catch (error) {
      log("the embedded store's template did not open; making a new one", error)
      rmSync(template, { force: true })
    }
  }
  const lock = dataDir ? lockDataDir(dataDir) : undefined
  let db: PGlite
  let pglite: typeof import('@electric-sql/pglite')
  try {
    pglite = await import('@electric-sql/pglite')
    const { PGlite } = pglite
    const holdsDatabase = dataDir !== undefined && existsSync(join(dataDir, 'PG_VERSION'))
    const files = archive ?? (dataDir === undefined && dump ? templateArchive(dump) : undefined)
    db = new PGlite({
      dataDir,
      fs: files && (await import('./template-fs.js')).templateFs(files),
      loadDataDir: holdsDatabase || files ? undefined : dump,
      startParams: dataDir === undefined ? [...PGlite.defaultStartParams, ...IN_MEMORY_SETTINGS] : undefined,
      initDbStartParams: dataDir === undefined ? IN_MEMORY_INITDB : undefined,
    })
    await db.waitReady
  } catch (error) {
    lock?.release()
    // PGlite's own message ("PGlite failed to initialize properly") names neither the folder nor a way out.
    if (dataDir === undefined) throw error
    const reason = error instanceof Error ? error.message : String(error)
    throw new Error(
      `could not open the embedded PostgreSQL in ${dataDir} (${reason}); is it a PGlite data directory?`,
      {
        cause: error,
      },
    )
  }
  const statements = new EmbeddedStatements(db, pglite, statementName)
  const wrap = (runner: Pick<PGlite, 'query'>, inTransaction: boolean): Sql => ({
    query: async <Row>(text: string, params?: unknown[]) => {
      await eventLoopTurn()
      return {
        rows:
          params && params.length > 0
            ? await statements.query<Row>(text, params, inTransaction)
            : (await runner.query<Row>(text, params)).rows,
      }
    },
    transaction: (fn) => db.transaction((tx) => fn(wrap(tx, true))),
    close: async () => undefined,
  })
  const store = wrap(db, false)
  let keeping: Promise<void> | undefined
  if (template) {
    try {
      for (const statement of WITHOUT_TEMPLATE0) await db.exec(statement)
      await templateSetup?.(store)
    } catch (error) {
      await db.close()
      throw error
    }
    const made = await db.dumpDataDir('none').catch((error: unknown) => {
      log('could not dump the new embedded store', error)
    })
    if (made) keeping = keepTemplate(template, made, log)
  }
  const autovacuum = startEmbeddedAutovacuum(db, log)
  return {
    ...store,
    async listen(channels, handlers) {
      const stops = await Promise.all(
        channels.map((channel) => db.listen(channel, (payload) => handlers.onNotify(channel, payload))),
      )
      const { rows } = await db.query<{ pid: number }>('select pg_backend_pid() as pid')
      return {
        backendPid: rows[0]!.pid,
        async close() {
          if (!db.closed) await Promise.all(stops.map((stop) => stop()))
        },
      }
    },
    async close() {
      try {
        await keeping
        await autovacuum.stop()
        if (!db.closed) await db.close()
      } finally {
        lock?.release()
      }
    },
  }
}

/**
 * PGlite runs a statement on this thread and answers without the event loop turning in between: a caller that
 * sends statement after statement (a test's loop of `ingest` calls) held off every socket's callbacks until it
 * ended, and a webhook receiver's answer, unread, ran out its attempt's time. Each embedded statement waits for
 * one turn first.
 */
const eventLoopTurn = () => new Promise<void>((resolve) => setImmediate(resolve))

/**
 * A query with parameters runs as a named prepared statement: each connection parses and plans it once,
 * not on every call (the delivery worker's claim runs hundreds of times a second). The embedded store does the same
 * (embedded-statements.ts).
 */
function prepared(text: string, params: unknown[] | undefined): pg.QueryConfig {
  if (!params || params.length === 0) return { text }
  return { name: statementName(text), text, values: params }
}

/** The name a statement is prepared under, from its text. */
function statementName(text: string): string {
  let name = statementNames.get(text)
  if (!name) statementNames.set(text, (name = `s${createHash('sha1').update(text).digest('hex').slice(0, 16)}`))
  return name
}

const statementNames = new Map<string, string>()

/** An arbitrary constant naming this package's setup lock among the database's advisory locks. */
const SETUP_LOCK_KEY = 0x77_65_62_33

/** pg's error for a query whose answer did not come within query_timeout. */
const isQueryTimeout = (error: unknown) => error instanceof Error && error.message === 'Query read timeout'

/** How often the setup lock is tried again while another process holds it. */
const SETUP_LOCK_RETRY_MS = 50

async function openPostgres(connectionString: string, log: Log, queryTimeoutMs: number | undefined): Promise<Sql> {
  const { default: pg } = await import('pg')
  const { listenPostgres } = await import('./pg-notifications.js')
  const { probePostgres } = await import('./pg-probe.js')
  const timeouts = queryTimeoutMs ? { connectionTimeoutMillis: queryTimeoutMs, query_timeout: queryTimeoutMs } : {}
  const pool = new pg.Pool({ connectionString, keepAlive: true, ...timeouts })
  // An idle client whose connection dies (the server restarts, an admin terminates it) is reported here;
  // without a listener the pool's 'error' event would crash the process. The pool drops that client by itself.
  pool.on('error', (error) => log('PostgreSQL connection lost (idle client dropped)', error))
  const probe = probePostgres(connectionString)
  const inClient = (client: pg.PoolClient): Sql => ({
    query: async <Row>(text: string, params?: unknown[]) => ({
      rows: (await client.query(prepared(text, params))).rows as Row[],
    }),
    transaction: (fn) => fn(inClient(client)),
    close: async () => undefined,
  })
  async function runTransaction<T>(fn: (sql: Sql) => Promise<T>): Promise<T> {
    const client = await pool.connect()
    // While checked out, the pool's idle listener is off: a connection lost between two queries of fn would
    // otherwise be an unhandled 'error' event too.
    let lost: Error | undefined
    const onError = (error: Error) => {
      lost = error
      log('PostgreSQL connection lost during a transaction', error)
    }
    client.on('error', onError)
    try {
      await client.query('BEGIN')
      const result = await fn(inClient(client))
      await client.query('COMMIT')
      return result
    } catch (error) {
      // A query that ran out of time leaves the connection in an unknown state: it is destroyed, which rolls back.
      if (isQueryTimeout(error)) lost = error as Error
      if (!lost) await client.query('ROLLBACK').catch((rollbackError: Error) => (lost = rollbackError))
      throw error
    } finally {
      client.off('error', onError)
      // A broken client is destroyed instead of going back to the pool.
      client.release(lost)
    }
  }
  return {
    // A statement outside a transaction is a transaction of its own: aborted by a conflict, it runs again too.
    query: async <Row>(text: string, params?: unknown[]) => ({
      rows: (await retryingConflicts(() => pool.query(prepared(text, params)))).rows as Row[],
    }),
    transaction: (fn) => retryingConflicts(() => runTransaction(fn)),
    listen: (channels, handlers) => listenPostgres(connectionString, channels, handlers, log, queryTimeoutMs),
    probe: (timeoutMs) => probe.check(timeoutMs),
    async oneAtATime(fn) {
      const client = await pool.connect()
      try {
        // Tried again rather than waited for in one query: the wait for another process's setup may outlast the
        // query timeout.
        while (!(await client.query('select pg_try_advisory_lock($1) as locked', [SETUP_LOCK_KEY])).rows[0].locked)
          await new Promise((resolve) => setTimeout(resolve, SETUP_LOCK_RETRY_MS))
        try {
          return await fn()
        } finally {
          await client.query('select pg_advisory_unlock($1)', [SETUP_LOCK_KEY])
        }
      } finally {
        client.release()
      }
    },
    async close() {
      await probe.close()
      await pool.end()
    },
  }
}
