/** An EVM JSON-RPC endpoint whose logs feed the webhook listeners of one network. */
export interface LocalChain {
  network: string
  rpcUrl: string
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
