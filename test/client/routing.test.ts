import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  CHAIN_IDS,
  InvalidServiceUrlError,
  Marketplace,
  Metadata,
  NETWORKS,
  Relayer,
  UnknownNetworkError,
  createClients,
  localUrls,
  type Network,
} from '../../src/entries/index.js'
import { proxyFetch } from './support/proxy-fetch.js'
import { callOperation, operations, type Operation } from './support/operations.js'
import { startRecordingServer, type RecordingServer } from './support/recording-server.js'

// docs/overview.md: the 39 network segments, in its order.
const documentedNetworks =
  'amoy, apechain-mainnet, apechain-testnet, arbitrum, arbitrum-nova, arbitrum-sepolia, astar-zkevm, astar-zkyoto, avalanche, avalanche-testnet, b3, b3-sepolia, base, base-sepolia, blast, blast-sepolia, borne-testnet, bsc, bsc-testnet, gnosis, homeverse, homeverse-testnet, immutable-zkevm, immutable-zkevm-testnet, imx, imx-testnet, mainnet, optimism, optimism-sepolia, polygon, polygon-zkevm, rootnet, rootnet-porcini, sepolia, skale-nebula-testnet, soneium-minato, toy-testnet, xai, xai-sepolia'.split(
    ', ',
  )

/** docs/overview.md Addresses: where each service's address carries the network, checked on the URL a request really went to. */
function expectDocumentedShape(operation: Operation, network: string, sent: URL): void {
  const rpcPath = `/rpc/${operation.service}/${operation.method}`
  switch (operation.client) {
    case 'marketplace':
      expect(sent.pathname).toBe(`/${network}${rpcPath}`)
      break
    case 'relayer':
    case 'indexer':
      expect(sent.hostname.startsWith(`${network}-${operation.client}.`)).toBe(true)
      expect(sent.pathname).toBe(rpcPath)
      break
    default:
      expect(sent.pathname).toBe(rpcPath)
      expect(sent.hostname).not.toContain(network)
  }
  expect(sent.protocol).toBe('https:')
}

let server: RecordingServer
beforeAll(async () => {
  server = await startRecordingServer()
})
afterAll(() => server.close())
beforeEach(() => server.reset())

describe('networks', () => {
  it('are the 39 networks of docs/overview.md, each with a positive integer chain id', () => {
    expect([...NETWORKS]).toEqual(documentedNetworks)
    for (const network of NETWORKS)
      expect(Number.isSafeInteger(CHAIN_IDS[network]) && CHAIN_IDS[network] > 0).toBe(true)
    expect(CHAIN_IDS.polygon).toBe(137)
    expect(CHAIN_IDS.mainnet).toBe(1)
  })
})

describe('default addresses', () => {
  it('every network × every service reaches the URL shape of docs/overview.md', async () => {
    const ops = operations()
    for (const network of NETWORKS) {
      const clients = createClients({ network, accessKey: 'ak', secretKey: 'sk', fetch: proxyFetch(server.port) })
      for (const operation of ops) {
        server.reset()
        await callOperation(clients, operation)
        expect(server.requests).toHaveLength(1)
        expectDocumentedShape(operation, network, new URL(server.requests[0]!.target))
      }
    }
  })

  it('Metadata and Builder take no network', () => {
    // @ts-expect-error Metadata has no network option
    expect(() => new Metadata({ network: 'polygon', accessKey: 'ak' })).not.toThrow()
  })
})

describe('overrides', () => {
  it('localUrls serves every network × service from one origin, host prefixes as path prefixes', async () => {
    const ops = operations()
    const prefixes: Record<Operation['client'], (network: string) => string> = {
      marketplace: (network) => `/${network}`,
      metadata: () => '',
      builder: () => '',
      relayer: (network) => `/${network}-relayer`,
      indexer: (network) => `/${network}-indexer`,
    }
    for (const network of NETWORKS) {
      const clients = createClients({ network, accessKey: 'ak', secretKey: 'sk', urls: localUrls(`${server.origin}/`) })
      for (const operation of ops) {
        server.reset()
        await callOperation(clients, operation)
        expect(server.requests.map((r) => r.target)).toEqual([
          `${prefixes[operation.client](network)}/rpc/${operation.service}/${operation.method}`,
        ])
      }
    }
  })

  it('a template per service replaces only that service’s address', async () => {
    const clients = createClients({
      network: 'base-sepolia',
      accessKey: 'ak',
      urls: { relayer: `${server.origin}/staging/{network}/relayer/`, metadata: `${server.origin}/meta` },
      fetch: proxyFetch(server.port),
    })
    await clients.relayer.listGasSponsors({ projectId: 1 })
    await clients.metadata.tokenCollectionFilters({ chainId: String(clients.chainId), contractAddress: '0x' })
    await clients.indexer
      .addWebhookListener({ url: 'https://hook', filters: { contractAddresses: [], events: [] } })
      .catch(() => undefined)
    await clients.marketplace.getFloorOrder({ contractAddress: '0x' })
    expect(server.requests.map((r) => r.target)).toEqual([
      `${server.origin}/staging/base-sepolia/relayer/rpc/Relayer/ListGasSponsors`,
      `${server.origin}/meta/rpc/Metadata/TokenCollectionFilters`,
      'https://marketplace-api.platform.app/base-sepolia/rpc/Marketplace/GetFloorOrder',
    ])
    expect(JSON.parse(server.requests[1]!.body)).toEqual({ chainId: '84532', contractAddress: '0x' })
  })

  it('rejects a template that cannot select the network the way the service needs', () => {
    expect(() => createClients({ network: 'polygon', accessKey: 'ak', urls: { relayer: server.origin } })).toThrow(
      InvalidServiceUrlError,
    )
    expect(() =>
      createClients({ network: 'polygon', accessKey: 'ak', urls: { builder: `${server.origin}/{network}` } }),
    ).toThrow(InvalidServiceUrlError)
    // @ts-expect-error not a service
    expect(() => createClients({ network: 'polygon', accessKey: 'ak', urls: { relayr: server.origin } })).toThrow(
      /urls\.relayr: unknown service/,
    )
  })
})

describe('a network outside the union', () => {
  it('is a type error, and at run time an UnknownNetworkError before any request', async () => {
    // @ts-expect-error 'polygon-mainnet' is not a Network
    const outside: Network = 'polygon-mainnet'
    expect(() => createClients({ network: outside, accessKey: 'ak', urls: localUrls(server.origin) })).toThrow(
      UnknownNetworkError,
    )
    for (const network of ['', 'Polygon', 'toString', '__proto__', 137] as unknown as Network[]) {
      expect(() => new Relayer({ network, accessKey: 'ak', url: `${server.origin}/{network}` })).toThrow(
        UnknownNetworkError,
      )
      expect(() => new Marketplace({ network, accessKey: 'ak', url: `${server.origin}/{network}/` })).toThrow(
        UnknownNetworkError,
      )
    }
    expect(server.requests).toHaveLength(0)
  })

  it('cannot be swapped in later: a client keeps the network it was built for', async () => {
    const relayer = new Relayer({ network: 'polygon', accessKey: 'ak', url: `${server.origin}/{network}-relayer` })
    expect(() => {
      // @ts-expect-error network is read-only
      relayer.network = 'mainnet'
    }).toThrow(TypeError)
    expect(relayer.network).toBe('polygon')
    await relayer.listGasSponsors({ projectId: 1 })
    expect(server.requests.map((r) => r.target)).toEqual(['/polygon-relayer/rpc/Relayer/ListGasSponsors'])
  })
})
