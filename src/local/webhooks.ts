import type { Log } from '../observability/log.js'
import type { Sql } from '../store/sql.js'
import { createWebhookEngine, type WebhookEngine } from '../webhook/engine/engine.js'
import { createShardedWebhookEngine, type WebhookDatabase } from '../webhook/engine/shards/sharded-engine.js'
import type { LocalWebhookDatabase } from './webhook-databases.js'
import type { LocalChain } from './chains.js'
import type { NetworkTable } from '../reference/networks.js'
import { validateWebhookPayload } from '../validate/index.js'
import { webhookLayoutChecksum } from '../webhook/engine/store/store-schema.js'
import { tidyUserTemplates, userStoreTemplateFile } from './store-template.js'

/** What the in-memory store's template holds (SqlOptions.templateSetup). */
export { prepareWebhookTables } from '../webhook/engine/store/store-schema.js'

/**
 * The user's template of the in-memory store, named by the engine's layout (store-template.ts), its folder tidied
 * first (tidyUserTemplates). Undefined when PGlite is not installed.
 */
export function userWebhookStoreTemplate(log: Log): string | undefined {
  const file = userStoreTemplateFile(webhookLayoutChecksum)
  if (file) tidyUserTemplates(file, log)
  return file
}

/**
 * The webhook engine in local mode: listeners may target loopback and private addresses, because the
 * local server's users point webhooks at their own machine. A public deployment passes false.
 */
export function localWebhookEngine(
  sql: Sql,
  networks: NetworkTable,
  options: {
    chains?: LocalChain[]
    attemptTimeoutMs?: number
    chainLeaseMs?: number
    disableFailingAfterMs?: number
    databases?: LocalWebhookDatabase[]
    historyRetentionMs?: number
    log?: Log
  },
): Promise<WebhookEngine> {
  const followed = (options.chains ?? []).map(({ network, rpcUrl, confirmations }) => {
    const chainId = networks.chainIdOf(network)
    if (chainId === undefined) throw new Error(`CHAIN_RPC_URLS: unknown network "${network}"`)
    return { chainId, rpcUrl, confirmations, leaseMs: options.chainLeaseMs }
  })
  const engineOptions = {
    sql,
    allowPrivateTargets: true,
    validatePayload: validateWebhookPayload,
    chains: followed,
    attemptTimeoutMs: options.attemptTimeoutMs,
    disableFailingAfterMs: options.disableFailingAfterMs,
    historyRetentionMs: options.historyRetentionMs,
    log: options.log,
  }
  if (!options.databases?.length) return createWebhookEngine(engineOptions)
  return createShardedWebhookEngine({ ...engineOptions, databases: databasesByUrl(options.databases, networks) })
}

/** The networks of each URL, as chain ids: networks naming one URL share its database (and its engine). */
function databasesByUrl(databases: LocalWebhookDatabase[], networks: NetworkTable): WebhookDatabase[] {
  const byUrl = new Map<string, number[]>()
  for (const { network, databaseUrl } of databases) {
    const chainId = networks.chainIdOf(network)
    if (chainId === undefined) throw new Error(`WEBHOOK_DATABASE_URLS: unknown network "${network}"`)
    byUrl.set(databaseUrl, [...(byUrl.get(databaseUrl) ?? []), chainId])
  }
  return [...byUrl].map(([databaseUrl, chainIds]) => ({ databaseUrl, chainIds }))
}
