import pg from 'pg'

/** A new empty database on the server of `serverUrl`; its URL. */
export async function freshDatabase(serverUrl: string, name: string): Promise<string> {
  await withClient(serverUrl, (client) => client.query(`create database ${name}`))
  return serverUrl.replace(/\/[^/]*$/, `/${name}`)
}

export async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

/** The server's WAL insert position, as bytes since its start (pg_wal_lsn_diff from 0/0). */
export async function walPosition(url: string): Promise<number> {
  return withClient(url, async (client) => {
    const { rows } = await client.query<{ bytes: string }>(
      `select pg_wal_lsn_diff(pg_current_wal_insert_lsn(), '0/0')::bigint::text as bytes`,
    )
    return Number(rows[0]!.bytes)
  })
}

/**
 * Bytes the database's own tables take after VACUUM ANALYZE: every table and partition outside the system
 * schemas, each with its indexes and TOAST (pg_total_relation_size). The database holds nothing but the
 * engine's tables, so a table the engine adds or splits into partitions is counted without naming it.
 */
export async function keptBytes(url: string): Promise<number> {
  return withClient(url, async (client) => {
    await client.query('vacuum analyze')
    const { rows } = await client.query<{ bytes: string }>(
      `select coalesce(sum(pg_total_relation_size(c.oid)), 0)::bigint::text as bytes
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where c.relkind in ('r', 'm') and n.nspname <> 'information_schema' and n.nspname !~ '^pg_'`,
    )
    return Number(rows[0]!.bytes)
  })
}
