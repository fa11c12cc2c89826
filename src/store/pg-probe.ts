import pg from 'pg'

export interface PostgresProbe {
  /** Resolves once the server answered `select 1`; rejects when it did not within timeoutMs. */
  check(timeoutMs: number): Promise<void>
  close(): Promise<void>
}

/** The application_name of the probe's connection: what an operator sees in pg_stat_activity. */
export const PROBE_APPLICATION_NAME = 'web3-market-contract probe'

interface ProbeConnection {
  client: pg.Client
  connected: Promise<void>
}

/**
 * `select 1` on one connection kept for it, outside the pool, so busy queries never delay it. A check that
 * fails or runs out of time drops the connection (one that hangs is destroyed); the next check opens another.
 */
export function probePostgres(connectionString: string): PostgresProbe {
  let connection: ProbeConnection | undefined
  let closed = false

  const drop = (dropped: ProbeConnection) => {
    if (connection === dropped) connection = undefined
    // end() destroys the socket of a client whose query still waits for its answer.
    dropped.client.end().catch(() => undefined)
  }

  function open(timeoutMs: number): ProbeConnection {
    const client = new pg.Client({
      connectionString,
      connectionTimeoutMillis: timeoutMs,
      query_timeout: timeoutMs,
      keepAlive: true,
      application_name: PROBE_APPLICATION_NAME,
    })
    const opened: ProbeConnection = { client, connected: client.connect().then(() => undefined) }
    opened.connected.catch(() => undefined)
    // A connection lost between two checks: the next check opens another.
    client.on('error', () => drop(opened))
    return opened
  }

  async function check(timeoutMs: number): Promise<void> {
    if (closed) throw new Error('the store is closed')
    const current = (connection ??= open(timeoutMs))
    let timer: NodeJS.Timeout | undefined
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`PostgreSQL did not answer within ${timeoutMs} ms`)), timeoutMs)
    })
    try {
      await Promise.race([current.connected.then(() => current.client.query('select 1')), late])
    } catch (error) {
      drop(current)
      throw error
    } finally {
      clearTimeout(timer)
    }
  }

  return {
    check,
    async close() {
      closed = true
      const current = connection
      connection = undefined
      await current?.client.end().catch(() => undefined)
    },
  }
}
