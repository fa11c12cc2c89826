import { consoleLog } from '../../../observability/log.js'
import { openSql, QUERY_TIMEOUT_MS, type Sql } from '../../../store/sql.js'
import { createWebhookEngine } from '../engine.js'
import type { WebhookEngine, WebhookEngineOptions } from '../engine-api.js'
import { DEFAULT_HEALTH_CHECK_MS, DEFAULT_HEALTH_TIMEOUT_MS } from './database-health.js'
import { Shard } from './shard.js'

/** A database holding some chains' listeners, outbox, blocks and leases: a store to open, or one already open. */
export type WebhookDatabase = { chainIds: number[] } & (
  | { /** Opened by the engine, with bounded queries, and closed when it stops. */ databaseUrl: string; sql?: never }
  | { /** Opened and closed by the caller. */ sql: Sql; databaseUrl?: never }
)

export interface ShardedWebhookEngineOptions extends WebhookEngineOptions {
  /**
   * The databases of the chains they name; `sql` is the default one, of every other chain, of listeners added
   * with no chain, and of the `sources`. Each `chains` follower runs on its chain's database.
   */
  databases: WebhookDatabase[]
  /** How often each database is asked whether it answers (default 1 s) and how long it may take (default 1 s). */
  healthCheckMs?: number
  healthTimeoutMs?: number
  /** SqlOptions.queryTimeoutMs of the stores opened from a databaseUrl (default QUERY_TIMEOUT_MS, 30 s). */
  queryTimeoutMs?: number
}

/**
 * One engine per database, each with its own pool, delivery worker, cluster membership and followers, behind one
 * WebhookEngine that sends each call to the engine of its chain. A database that stops answering stops only its
 * own chains: calls for them fail fast (Shard) while every other database's chains carry on.
 */
export async function createShardedWebhookEngine(options: ShardedWebhookEngineOptions): Promise<WebhookEngine> {
  const { databases, healthCheckMs, healthTimeoutMs, queryTimeoutMs, ...engineOptions } = options
  const log = options.log ?? consoleLog
  const chainsOf = new Map<number, number>()
  databases.forEach(({ chainIds }, index) => {
    for (const chainId of chainIds) {
      if (chainsOf.has(chainId)) throw new Error(`chain ${chainId} is given two webhook databases`)
      chainsOf.set(chainId, index)
    }
  })
  const placed = (chainId: number | undefined) => (chainId === undefined ? undefined : chainsOf.get(chainId))
  // Every database opens at once; if one cannot, those that did are stopped again.
  const opening = await Promise.allSettled(
    [{ chainIds: [], sql: options.sql }, ...databases].map(async (database, at) => {
      const index = at - 1 // the default database is -1
      const sql =
        database.sql ??
        (await openSql({ databaseUrl: database.databaseUrl, log, queryTimeoutMs: queryTimeoutMs ?? QUERY_TIMEOUT_MS }))
      return [index, await openShard(database, index, sql)] as const
    }),
  )
  const opened = opening.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []))
  const failure = opening.find((outcome) => outcome.status === 'rejected')
  if (failure) {
    await Promise.allSettled(opened.map(([, shard]) => shard.stop()))
    throw failure.reason
  }
  const byIndex = new Map(opened)
  return routed((chainId) => byIndex.get(placed(chainId) ?? -1)!, [...byIndex.values()])

  async function openShard(database: WebhookDatabase | { chainIds: number[]; sql: Sql }, index: number, sql: Sql) {
    const chainIds = database.chainIds
    const ownsSql = database.sql === undefined
    try {
      const engine = await createWebhookEngine({
        ...engineOptions,
        sql,
        chains: options.chains?.filter((chain) => (placed(chain.chainId) ?? -1) === index),
        sources: index === -1 ? options.sources : undefined,
      })
      const label = index === -1 ? 'default webhook database' : `webhook database of chains ${chainIds.join(', ')}`
      return new Shard({
        label,
        sql,
        ownsSql,
        engine,
        healthCheckMs: healthCheckMs ?? DEFAULT_HEALTH_CHECK_MS,
        healthTimeoutMs: healthTimeoutMs ?? DEFAULT_HEALTH_TIMEOUT_MS,
        log,
      })
    } catch (error) {
      if (ownsSql) await sql.close().catch(() => undefined)
      throw error
    }
  }
}

/** The WebhookEngine over the shards: each call on its chain's shard, never waiting on another. */
function routed(shardOf: (chainId: number | undefined) => Shard, shards: Shard[]): WebhookEngine {
  return {
    get activeListeners() {
      return shards.reduce((sum, shard) => sum + shard.engine.activeListeners, 0)
    },
    addListener: (projectId, args, scope) =>
      shardOf(scope?.chainId).call((engine) => engine.addListener(projectId, args, scope)),
    removeListener: (projectId, args, scope) =>
      shardOf(scope?.chainId).call((engine) => engine.removeListener(projectId, args, scope)),
    getListener: (projectId, listenerId, scope) =>
      shardOf(scope?.chainId).call((engine) => engine.getListener(projectId, listenerId, scope)),
    ingest: (chainId, log) => shardOf(chainId).call((engine) => engine.ingest(chainId, log)),
    injectBlock: (chainId, logs) => shardOf(chainId).call((engine) => engine.injectBlock(chainId, logs)),
    reorgInjectedBlocks: (chainId, depth) =>
      shardOf(chainId).call((engine) => engine.reorgInjectedBlocks(chainId, depth)),
    listDeliveries: (projectId, listenerId, limit, scope) =>
      shardOf(scope?.chainId).call((engine) => engine.listDeliveries(projectId, listenerId, limit, scope)),
    resendDelivery: (projectId, listenerId, uid, scope) =>
      shardOf(scope?.chainId).call((engine) => engine.resendDelivery(projectId, listenerId, uid, scope)),
    recoverDeliveries: (projectId, listenerId, since, scope) =>
      shardOf(scope?.chainId).call((engine) => engine.recoverDeliveries(projectId, listenerId, since, scope)),
    async start() {
      await Promise.all(shards.map((shard) => shard.start()))
    },
    async stop() {
      const stopped = await Promise.allSettled(shards.map((shard) => shard.stop()))
      const failure = stopped.find((outcome) => outcome.status === 'rejected')
      if (failure) throw failure.reason
    },
  }
}
