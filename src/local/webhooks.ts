import type { Log } from '../log.js'
import type { Sql } from '../store/sql.js'
import { createWebhookEngine, type WebhookEngine } from '../webhook/engine.js'
import type { NetworkTable } from './networks.js'
import { validateWebhookPayload } from '../validate/index.js'

/** An EVM JSON-RPC endpoint whose logs feed the webhook listeners of one network. */
export interface LocalChain {
  network: string
  rpcUrl: string
}

/** Parses CHAIN_RPC_URLS, e.g. "polygon=http://127.0.0.1:8545,amoy=http://127.0.0.1:8546". */
export function parseChainRpcUrls(value: string | undefined): LocalChain[] {
  if (!value) return []
  return value.split(',').map((entry) => {
    const at = entry.indexOf('=')
    const network = entry.slice(0, at).trim()
    const rpcUrl = entry.slice(at + 1).trim()
    if (at <= 0 || !/^https?:\/\//.test(rpcUrl))
      throw new Error(`CHAIN_RPC_URLS entry "${entry}" is not <network>=<http(s) url>`)
    return { network, rpcUrl }
  })
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
    disableFailingListenersAfterMs?: number
    log?: Log
  },
): Promise<WebhookEngine> {
  const followed = (options.chains ?? []).map(({ network, rpcUrl }) => {
    const chainId = networks.chainIdOf(network)
    if (chainId === undefined) throw new Error(`CHAIN_RPC_URLS: unknown network "${network}"`)
    return { chainId, rpcUrl, leaseMs: options.chainLeaseMs }
  })
  return createWebhookEngine({
    sql,
    allowPrivateTargets: true,
    validatePayload: validateWebhookPayload,
    chains: followed,
    attemptTimeoutMs: options.attemptTimeoutMs,
    disableFailingListenersAfterMs: options.disableFailingListenersAfterMs,
    log: options.log,
  })
}
