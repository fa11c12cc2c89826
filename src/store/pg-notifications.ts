import pg from 'pg'
import type { Log } from '../observability/log.js'
import type { NotificationHandlers, Notifications } from './notifications.js'

/** The application_name of every notification connection: what an operator sees in pg_stat_activity. */
export const NOTIFICATION_APPLICATION_NAME = 'web3-market-contract notifications'

const RECONNECT_MIN_MS = 100
const RECONNECT_MAX_MS = 5_000

/**
 * LISTEN on a dedicated connection (a pooled one would drop its subscriptions when returned). A lost
 * connection is re-opened with backoff; notifications sent meanwhile are gone, so the caller is told
 * (onReconnect) and reconciles from the tables.
 */
export async function listenPostgres(
  connectionString: string,
  channels: readonly string[],
  handlers: NotificationHandlers,
  log: Log,
  /** The longest wait for the connection and for each of its queries (SqlOptions.queryTimeoutMs); none when absent. */
  timeoutMs?: number,
): Promise<Notifications> {
  let client: pg.Client | undefined
  let closed = false
  let retryMs = RECONNECT_MIN_MS
  let retryTimer: NodeJS.Timeout | undefined
  const notifications: Notifications = { backendPid: undefined, close }

  const endConnection = (connection: pg.Client) =>
    connection.end().catch((error: unknown) => log('could not close a PostgreSQL notification connection', error))

  async function connect(): Promise<void> {
    const next = new pg.Client({
      connectionString,
      application_name: NOTIFICATION_APPLICATION_NAME,
      keepAlive: true,
      ...(timeoutMs ? { connectionTimeoutMillis: timeoutMs, query_timeout: timeoutMs } : {}),
    })
    next.on('notification', (message) => handlers.onNotify(message.channel, message.payload ?? ''))
    const lost = (error: unknown) => {
      if (client !== next) return
      client = undefined
      notifications.backendPid = undefined
      void endConnection(next)
      if (closed) return
      log('PostgreSQL notification connection lost; reconnecting', error)
      scheduleReconnect()
    }
    next.on('error', lost)
    next.on('end', () => lost(new Error('connection ended')))
    await next.connect()
    try {
      for (const channel of channels) await next.query(`LISTEN ${next.escapeIdentifier(channel)}`)
      const { rows } = await next.query<{ pid: number }>('select pg_backend_pid() as pid')
      notifications.backendPid = rows[0]!.pid
    } catch (error) {
      await endConnection(next)
      throw error
    }
    client = next
  }

  function scheduleReconnect(): void {
    retryTimer = setTimeout(async () => {
      try {
        await connect()
        retryMs = RECONNECT_MIN_MS
        handlers.onReconnect()
      } catch (error) {
        retryMs = Math.min(retryMs * 2, RECONNECT_MAX_MS)
        log(`PostgreSQL notification connection failed; retrying in ${retryMs} ms`, error)
        if (!closed) scheduleReconnect()
      }
    }, retryMs)
  }

  async function close(): Promise<void> {
    closed = true
    clearTimeout(retryTimer)
    const current = client
    client = undefined
    if (current) await endConnection(current)
  }

  await connect()
  return notifications
}
