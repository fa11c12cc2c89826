import type { Log } from '../observability/log.js'
import type { Sql } from '../store/sql.js'
import { createWebhookEngine, type WebhookEngine } from '../webhook/engine/engine.js'
import type { LocalChain } from './chains.js'
import type { NetworkTable } from '../reference/networks.js'
import { validateWebhookPayload } from '../validate/index.js'

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
    disableFailingListenersAfterMs?: number
    historyRetentionMs?: number
    log?: Log
  },
): Promise<WebhookEngine> {
  const followed = (options.chains ?? []).map(({ network, rpcUrl, confirmations }) => {
    const chainId = networks.chainIdOf(network)
    if (chainId === undefined) throw new Error(`CHAIN_RPC_URLS: unknown network "${network}"`)
    return { chainId, rpcUrl, confirmations, leaseMs: options.chainLeaseMs }
  })
  return createWebhookEngine({
    sql,
    allowPrivateTargets: true,
    validatePayload: validateWebhookPayload,
    chains: followed,
    attemptTimeoutMs: options.attemptTimeoutMs,
    disableFailingListenersAfterMs: options.disableFailingListenersAfterMs,
    historyRetentionMs: options.historyRetentionMs,
    log: options.log,
  })
}
