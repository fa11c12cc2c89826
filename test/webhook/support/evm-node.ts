import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)

/** A funded dev account of the local node (the well-known Hardhat test key #0). */
export const DEV_PRIVATE_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80' as const

export interface EvmNode {
  url: string
  chainId: number
  close(): Promise<void>
}

/** Starts Hardhat's EDR in process and serves its JSON-RPC on 127.0.0.1 (a random port). */
export async function startEvmNode(chainId = 31337): Promise<EvmNode> {
  const { createHardhatNetworkProvider } = require('hardhat/internal/hardhat-network/provider/provider')
  const { JsonRpcServer } = require('hardhat/internal/hardhat-network/jsonrpc/server')
  const provider = await createHardhatNetworkProvider(
    {
      hardfork: 'cancun',
      chainId,
      networkId: chainId,
      blockGasLimit: 30_000_000,
      minGasPrice: 0n,
      automine: true,
      intervalMining: 0,
      mempoolOrder: 'priority',
      chains: new Map(),
      genesisAccounts: [{ privateKey: DEV_PRIVATE_KEY, balance: 10n ** 24n }],
      allowUnlimitedContractSize: false,
      throwOnTransactionFailures: true,
      throwOnCallFailures: true,
      allowBlocksWithSameTimestamp: false,
      enableTransientStorage: false,
      enableRip7212: false,
    },
    { enabled: false },
  )
  const server = new JsonRpcServer({ hostname: '127.0.0.1', port: 0, provider })
  const { address, port } = await server.listen()
  // Outlive the clients' keep-alive (undici: 4s), so a reused socket is never closed under a request.
  const httpServer = (server as { _httpServer?: { keepAliveTimeout: number } })._httpServer
  if (httpServer) httpServer.keepAliveTimeout = 60_000
  return { url: `http://${address}:${port}`, chainId, close: () => server.close() }
}
