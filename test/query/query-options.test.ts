import { MutationObserver, QueryClient } from '@tanstack/query-core'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createClients, localUrls } from '../../src/entries/index.js'
import { contractQueries, hashQueryKey, marketplaceQueries } from '../../src/query/index.js'
import { startRecordingServer, type RecordingServer } from '../client/support/recording-server.js'

let server: RecordingServer
beforeAll(async () => {
  server = await startRecordingServer()
})
afterAll(() => server.close())
beforeEach(() => {
  server.reset()
  let served = 0
  // Each answer differs, so a cached result is told apart from a new request.
  server.respondWith((request) => {
    served += 1
    if (request.target.endsWith('/GetCountOfAllCollectibles')) return { status: 200, body: `{"count":${served}}` }
    if (request.target.endsWith('/TokenCollectionFilters')) return { status: 200, body: '{"filters":[]}' }
    return { status: 200, body: `{"listener":{"id":"listener-${served}"}}` }
  })
})

const clientsOn = (network: 'polygon' | 'base') =>
  createClients({ network, accessKey: 'ak', secretKey: 'sk', urls: localUrls(server.origin) })
const contractAddress = '0x4e10000000000000000000000000000000000721'

describe('web3-market-contract/query with QueryClient', () => {
  it('keys are [service, network, method, args]; fetch, then a cache hit without a request', async () => {
    const queryClient = new QueryClient()
    const queries = contractQueries(clientsOn('polygon'))
    const options = queries.marketplace.getCountOfAllCollectibles({ contractAddress })
    expect(options.queryKey).toEqual(['marketplace', 'polygon', 'GetCountOfAllCollectibles', { contractAddress }])
    expect(queries.metadata.tokenCollectionFilters({ chainId: '137', contractAddress }).queryKey).toEqual([
      'metadata',
      null,
      'TokenCollectionFilters',
      { chainId: '137', contractAddress },
    ])
    expect(await queryClient.fetchQuery(options)).toEqual({ count: 1 })
    expect(await queryClient.fetchQuery({ ...options, staleTime: Infinity })).toEqual({ count: 1 })
    expect(queryClient.getQueryData(options.queryKey)?.count).toBe(1)
    expect(server.requests).toHaveLength(1)
  })

  it('a prefix invalidates one network of one service and leaves the others cached', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } })
    const polygon = marketplaceQueries(clientsOn('polygon').marketplace).getCountOfAllCollectibles({ contractAddress })
    const base = marketplaceQueries(clientsOn('base').marketplace).getCountOfAllCollectibles({ contractAddress })
    await queryClient.fetchQuery(polygon)
    await queryClient.fetchQuery(base)
    await queryClient.invalidateQueries({ queryKey: ['marketplace', 'polygon'] })
    expect(queryClient.getQueryState(polygon.queryKey)?.isInvalidated).toBe(true)
    expect(queryClient.getQueryState(base.queryKey)?.isInvalidated).toBe(false)
    await queryClient.fetchQuery(polygon)
    await queryClient.fetchQuery(base)
    expect(server.requests.map((request) => request.target)).toEqual([
      '/polygon/rpc/Marketplace/GetCountOfAllCollectibles',
      '/base/rpc/Marketplace/GetCountOfAllCollectibles',
      '/polygon/rpc/Marketplace/GetCountOfAllCollectibles',
    ])
  })

  it('mutation options run the Indexer’s writes', async () => {
    const queryClient = new QueryClient()
    const { indexer } = contractQueries(clientsOn('polygon'))
    const add = indexer.addWebhookListener()
    expect(add.mutationKey).toEqual(['indexer', 'polygon', 'AddWebhookListener'])
    const observer = new MutationObserver(queryClient, add)
    const result = await observer.mutate({
      url: 'https://example.com/hook',
      filters: { contractAddresses: [contractAddress], events: ['Transfer(address,address,uint256)'] },
    })
    expect(result.listener.id).toBe('listener-1')
    expect(Object.keys(indexer)).toEqual(['addWebhookListener', 'removeWebhookListener'])
    expect(server.requests[0]!.headers.authorization).toBe('BEARER sk')
  })

  it('hashes keys holding bigints, which the default hash cannot, and ignores object key order', () => {
    expect(hashQueryKey(['relayer', 'polygon', 'ListGasSponsors', { projectId: 10n ** 30n, page: 1 }])).toBe(
      hashQueryKey(['relayer', 'polygon', 'ListGasSponsors', { page: 1, projectId: 10n ** 30n }]),
    )
    expect(hashQueryKey([{ id: 1n }])).not.toBe(hashQueryKey([{ id: 2n }]))
    expect(hashQueryKey([{ id: 1n }])).not.toBe(hashQueryKey([{ id: 1 }]))
  })
})
