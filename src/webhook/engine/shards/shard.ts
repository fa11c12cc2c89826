import type { Log } from '../../../observability/log.js'
import { documentedErrorOf } from '../../../values/documented-error.js'
import type { Sql } from '../../../store/sql.js'
import { Problem } from '../../../values/problem.js'
import type { WebhookEngine } from '../engine-api.js'
import { DatabaseHealth } from './database-health.js'

export interface ShardOptions {
  /** How the database is named in logs and errors: never its URL, which may hold a password. */
  label: string
  sql: Sql
  /** True when the shard opened the store itself, so stopping closes it. */
  ownsSql: boolean
  engine: WebhookEngine
  healthCheckMs: number
  healthTimeoutMs: number
  log: Log
}

/**
 * One database and the engine working on it. Calls go to its engine while the database answers; while its
 * health check finds it down they fail at once, and a call under way when it goes down fails then, with the
 * `unavailable` problem (Timeout on the wire, docs/errors.md): the caller may send the same call again.
 */
export class Shard {
  readonly engine: WebhookEngine
  private readonly health: DatabaseHealth | undefined
  /** The calls under way: each rejects at once if the database goes down. */
  private readonly underWay = new Set<() => void>()

  constructor(private readonly options: ShardOptions) {
    this.engine = options.engine
    const { sql, healthTimeoutMs, log, label } = options
    // A store with no probe (the embedded one, in this process) has no outage of its own to notice.
    this.health = sql.probe
      ? new DatabaseHealth({
          check: () => sql.probe!(healthTimeoutMs),
          intervalMs: options.healthCheckMs,
          onDown: (error) => {
            log(`the ${label} is not answering; calls for its chains fail until it is back`, error)
            for (const fail of [...this.underWay]) fail()
          },
          onUp: () => log(`the ${label} answers again`),
        })
      : undefined
  }

  get label(): string {
    return this.options.label
  }

  /** Runs work on this shard's engine, or fails fast while its database is down. */
  call<T>(work: (engine: WebhookEngine) => Promise<T>): Promise<T> {
    if (this.health && !this.health.up) return Promise.reject(this.unavailable())
    return new Promise<T>((resolve, reject) => {
      const fail = () => reject(this.unavailable())
      this.underWay.add(fail)
      work(this.engine)
        .then(resolve, reject)
        .finally(() => this.underWay.delete(fail))
    })
  }

  async start(): Promise<void> {
    await this.engine.start()
    this.health?.start()
  }

  async stop(): Promise<void> {
    this.health?.stop()
    try {
      await this.engine.stop()
    } finally {
      if (this.options.ownsSql) await this.options.sql.close()
    }
  }

  private unavailable() {
    return documentedErrorOf(
      new Problem('unavailable', `the ${this.options.label} is not answering; send the call again once it is back`),
    )
  }
}
