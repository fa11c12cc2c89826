import type { Log } from '../../../observability/log.js'
import type { Sql } from '../../../store/sql.js'

/** How long an engine counts as alive after its last heartbeat, by default; it renews every fifth of it. */
export const DEFAULT_LIVENESS_MS = 5_000

/**
 * SQL: is engine `e` alive, by the database's clock (every engine's heartbeat is written by it)? Its heartbeat has not lapsed, or its notification backend is still
 * connected (a heartbeat delayed by a busy pool does not make a live engine look gone). A lost notification
 * connection alone never makes an engine look gone: the process may be alive, reconnecting, with requests
 * in flight.
 */
const ALIVE = `(coalesce(e.alive_until > now(), false)
    or coalesce(e.backend_pid in (select pid from pg_stat_activity where pid is not null), false))`

export interface EnginePresenceOptions {
  sql: Sql
  engineId: string
  now: () => number
  livenessMs: number
  /** The backend of the engine's notification subscription now (it changes on every reconnect). */
  backendPid: () => number | undefined
  /**
   * The heartbeat could not be renewed before it lapsed: other engines may count this one as gone and stop
   * waiting for its requests, so it must abort them and claim nothing until a heartbeat succeeds again.
   */
  onLapsed: () => void
  log: Log
}

/**
 * An engine's row in webhook_engines, kept alive by a heartbeat (and re-registered with its new backend
 * whenever the notification connection comes back). Removal waits for the requests of live engines only,
 * so a crashed engine holds it up at most until its heartbeat lapses.
 */
export class EnginePresence {
  private heartbeat: NodeJS.Timeout | undefined
  private lapseTimer: NodeJS.Timeout | undefined
  private confirmedUntil = 0
  private renewing: Promise<void> | undefined
  /** While renewals keep failing, only the first failure is logged. */
  private failing = false

  constructor(private readonly options: EnginePresenceOptions) {}

  /** True while this engine's heartbeat is current, so other engines see it as alive. */
  get alive(): boolean {
    return this.options.now() < this.confirmedUntil
  }

  async start(): Promise<void> {
    await this.options.sql.query(`delete from webhook_engines e where not ${ALIVE}`)
    await this.renew()
    this.heartbeat = setInterval(() => void this.renew().catch(() => undefined), this.options.livenessMs / 5)
    this.heartbeat.unref()
  }

  /** Writes the heartbeat and the current notification backend; concurrent calls share one write. */
  renew(): Promise<void> {
    this.renewing ??= this.write().finally(() => (this.renewing = undefined))
    return this.renewing
  }

  private async write(): Promise<void> {
    const { sql, engineId, now, livenessMs } = this.options
    const sentAt = now()
    try {
      await sql.query(
        `insert into webhook_engines (id, backend_pid, started_at, alive_until)
         values ($1, $2, now(), now() + $3::double precision * interval '1 millisecond')
         on conflict (id) do update set backend_pid = excluded.backend_pid, alive_until = excluded.alive_until`,
        [engineId, this.options.backendPid() ?? null, livenessMs],
      )
    } catch (error) {
      if (!this.failing) this.options.log('could not renew the webhook engine heartbeat', error)
      this.failing = true
      throw error
    }
    this.failing = false
    // By this engine's clock, from before the write: never later than the database's alive_until.
    this.confirmedUntil = sentAt + livenessMs
    clearTimeout(this.lapseTimer)
    this.lapseTimer = setTimeout(() => this.options.onLapsed(), Math.max(0, this.confirmedUntil - now()))
    this.lapseTimer.unref()
  }

  async stop(): Promise<void> {
    clearInterval(this.heartbeat)
    clearTimeout(this.lapseTimer)
    await this.renewing?.catch(() => undefined)
    this.confirmedUntil = 0
    await this.options.sql.query('delete from webhook_engines where id = $1', [this.options.engineId])
  }
}

const POLL_MS = 10

/**
 * Resolves once no live engine has an attempt in flight to the listener (this engine counts as live),
 * or after maxMs, the longest an attempt's lease lasts. Removal waits here, so once it is acknowledged
 * nothing more reaches the listener's URL from any engine.
 */
export async function waitForAttemptsInFlight(
  sql: Sql,
  listenerId: string,
  engineId: string,
  now: () => number,
  maxMs: number,
): Promise<void> {
  const deadline = now() + maxMs
  while (now() < deadline) {
    const { rows } = await sql.query(
      `select 1 from webhook_outbox o
       where o.listener_id = $1 and o.in_flight_until > now()
         and (o.claimed_by = $2 or exists (select 1 from webhook_engines e where e.id = o.claimed_by and ${ALIVE}))
       limit 1`,
      [listenerId, engineId],
    )
    if (rows.length === 0) return
    await new Promise((resolve) => setTimeout(resolve, POLL_MS))
  }
}
