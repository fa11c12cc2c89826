import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { lockDataDir } from './lock.js'

export { DataDirLockedError, lockDataDir, lockFileName } from './lock.js'

/** One SQL dialect (PostgreSQL) for both the embedded store and a real server. */
export interface Sql {
  query<Row = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: Row[] }>
  /** Runs fn in one transaction; a throw rolls it back. */
  transaction<T>(fn: (sql: Sql) => Promise<T>): Promise<T>
  close(): Promise<void>
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
   * Where errors that belong to no query go (a PostgreSQL server dropping an idle connection, e.g. on restart);
   * the store keeps going and later queries fail or succeed on their own. console.error when absent.
   */
  log?: (message: string, error: unknown) => void
}

export async function openSql(options: SqlOptions = {}): Promise<Sql> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.log ?? defaultLog)
    : openEmbedded(options.dataDir)
}

function defaultLog(message: string, error: unknown): void {
  console.error(`${message}: ${error instanceof Error ? error.message : String(error)}`)
}

async function openEmbedded(dataDir?: string): Promise<Sql> {
  const lock = dataDir ? lockDataDir(dataDir) : undefined
  let db: PGlite
  try {
    db = dataDir ? new PGlite(dataDir) : new PGlite()
    await db.waitReady
  } catch (error) {
    lock?.release()
    throw error
  }
  const wrap = (runner: Pick<PGlite, 'query'>): Sql => ({
    query: async <Row>(text: string, params?: unknown[]) => ({ rows: (await runner.query<Row>(text, params)).rows }),
    transaction: (fn) => db.transaction((tx) => fn(wrap(tx))),
    async close() {
      try {
        if (!db.closed) await db.close()
      } finally {
        lock?.release()
      }
    },
  })
  return wrap(db)
}

async function openPostgres(connectionString: string, log: (message: string, error: unknown) => void): Promise<Sql> {
  const pool = new pg.Pool({ connectionString })
  // An idle client whose connection dies (the server restarts, an admin terminates it) is reported here;
  // without a listener the pool's 'error' event would crash the process. The pool drops that client by itself.
  pool.on('error', (error) => log('PostgreSQL connection lost (idle client dropped)', error))
  const inClient = (client: pg.PoolClient): Sql => ({
    query: async <Row>(text: string, params?: unknown[]) => ({
      rows: (await client.query(text, params)).rows as Row[],
    }),
    transaction: (fn) => fn(inClient(client)),
    close: async () => undefined,
  })
  return {
    query: async <Row>(text: string, params?: unknown[]) => ({ rows: (await pool.query(text, params)).rows as Row[] }),
    async transaction(fn) {
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
        if (!lost) await client.query('ROLLBACK').catch((rollbackError: Error) => (lost = rollbackError))
        throw error
      } finally {
        client.off('error', onError)
        // A broken client is destroyed instead of going back to the pool.
        client.release(lost)
      }
    },
    close: () => pool.end(),
  }
}
