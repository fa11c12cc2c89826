import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'

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
  /** Where the embedded PostgreSQL (PGlite) keeps its files; in memory when absent. */
  dataDir?: string
}

export async function openSql(options: SqlOptions = {}): Promise<Sql> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openEmbedded(options.dataDir)
}

async function openEmbedded(dataDir?: string): Promise<Sql> {
  const db = dataDir ? new PGlite(dataDir) : new PGlite()
  await db.waitReady
  const wrap = (runner: Pick<PGlite, 'query'>): Sql => ({
    query: async <Row>(text: string, params?: unknown[]) => ({ rows: (await runner.query<Row>(text, params)).rows }),
    transaction: (fn) => db.transaction((tx) => fn(wrap(tx))),
    close: () => db.close(),
  })
  return wrap(db)
}

async function openPostgres(connectionString: string): Promise<Sql> {
  const pool = new pg.Pool({ connectionString })
  const inClient = (client: pg.PoolClient): Sql => ({
    query: async <Row>(text: string, params?: unknown[]) => ({ rows: (await client.query(text, params)).rows as Row[] }),
    transaction: (fn) => fn(inClient(client)),
    close: async () => undefined,
  })
  return {
    query: async <Row>(text: string, params?: unknown[]) => ({ rows: (await pool.query(text, params)).rows as Row[] }),
    async transaction(fn) {
      const client = await pool.connect()
      try {
        await client.query('BEGIN')
        const result = await fn(inClient(client))
        await client.query('COMMIT')
        return result
      } catch (error) {
        await client.query('ROLLBACK')
        throw error
      } finally {
        client.release()
      }
    },
    close: () => pool.end(),
  }
}
