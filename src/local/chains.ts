/** An EVM JSON-RPC endpoint whose logs feed the webhook listeners of one network. */
export interface LocalChain {
  network: string
  rpcUrl: string
  /** Blocks behind the head before a block's logs are delivered (default 0): see `parseChainConfirmations`. */
  confirmations?: number
}

/** Parses CHAIN_RPC_URLS or --chain-rpc-urls (`from`), e.g. "polygon=http://127.0.0.1:8545,amoy=http://127.0.0.1:8546". */
export function parseChainRpcUrls(value: string, from = 'CHAIN_RPC_URLS'): LocalChain[] {
  return value.split(',').map((entry) => {
    const at = entry.indexOf('=')
    const network = entry.slice(0, at).trim()
    const rpcUrl = entry.slice(at + 1).trim()
    if (at <= 0 || !/^https?:\/\//.test(rpcUrl))
      throw new Error(`${from} entry "${entry}" is not <network>=<http(s) url>`)
    return { network, rpcUrl }
  })
}

/**
 * Parses CHAIN_CONFIRMATIONS or --chain-confirmations (`from`), e.g. "polygon=5,amoy=2", into `chains`: with N
 * confirmations a reorganisation of depth N or less is never seen by receivers, at the cost of N blocks of latency.
 */
export function withConfirmations(chains: LocalChain[], value: string, from = 'CHAIN_CONFIRMATIONS'): LocalChain[] {
  const confirmations = new Map(
    value.split(',').map((entry) => {
      const [network = '', count = ''] = entry.split('=').map((part) => part.trim())
      const blocks = Number(count)
      if (!network || !/^\d+$/.test(count) || !Number.isSafeInteger(blocks))
        throw new Error(`${from} entry "${entry}" is not <network>=<blocks>`)
      return [network, blocks] as const
    }),
  )
  for (const network of confirmations.keys())
    if (!chains.some((chain) => chain.network === network))
      throw new Error(`${from} names ${network}, which no --chain-rpc-urls (CHAIN_RPC_URLS) entry follows`)
  return chains.map((chain) => ({ ...chain, confirmations: confirmations.get(chain.network) ?? chain.confirmations }))
}
