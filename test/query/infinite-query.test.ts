import { InfiniteQueryObserver, QueryClient, type InfiniteData, type QueryKey } from '@tanstack/query-core'
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest'
import type { GetOrdersReturn } from '../../gen/marketplace.gen.js'
import type { ListGasSponsorsReturn, Page } from '../../gen/relayer.gen.js'
import { sampleCollections, sampleProject } from '../../src/reference/data/sample-data.js'
import { contractQueries } from '../../src/query/index.js'
import { clientsFor, startTestServer, type TestServer } from '../local/support.js'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

/** After fetchInfiniteQuery fetched the first page: every next page, through the observer, until there is none. */
async function fetchNextPages<Result, Data, Key extends QueryKey, PageParam>(
  observer: InfiniteQueryObserver<Result, Error, Data, Key, PageParam>,
): Promise<Data> {
  const unsubscribe = observer.subscribe(() => {})
  try {
    let result = observer.getCurrentResult()
    while (result.hasNextPage) result = await observer.fetchNextPage()
    return result.data!
  } finally {
    unsubscribe()
  }
}

describe('infinite-query options of the paged reads, against the local server', () => {
  it('ListGasSponsors: 12 sponsors in pages of 5 are 3 disjoint pages whose union is the full list', async () => {
    const { relayer } = contractQueries(clientsFor(server))
    const args = { projectId: sampleProject.id, page: { pageSize: 5 } }
    const options = relayer.infinite.listGasSponsors(args)
    expect(options.queryKey).toEqual(['relayer', 'polygon', 'ListGasSponsors', args, 'infinite'])
    expect(options.queryKey).not.toEqual(relayer.listGasSponsors(args).queryKey)

    const queryClient = new QueryClient()
    expect((await queryClient.fetchInfiniteQuery(options)).pages).toHaveLength(1)
    const data = await fetchNextPages(new InfiniteQueryObserver(queryClient, options))
    const everySponsor = await new QueryClient().fetchQuery(
      relayer.listGasSponsors({ projectId: sampleProject.id, page: { pageSize: 100 } }),
    )
    const pages = data.pages.map((page) => page.gasSponsors.map((sponsor) => sponsor.id))
    expect(everySponsor.gasSponsors.length).toBeGreaterThan(10)
    expect(pages.map((ids) => ids.length)).toEqual([5, 5, everySponsor.gasSponsors.length - 10])
    expect(new Set(pages.flat()).size).toBe(pages.flat().length)
    expect(pages.flat().sort()).toEqual(everySponsor.gasSponsors.map((sponsor) => sponsor.id).sort())
    expect(data.pages.map((page) => page.page.more)).toEqual([true, true, false])
    expect(data.pageParams).toEqual([{ pageSize: 5 }, { pageSize: 5, page: 2 }, { pageSize: 5, page: 3 }])
    expect(queryClient.getQueryData(options.queryKey)).toEqual(data)
    expectTypeOf(queryClient.getQueryData(options.queryKey)).toEqualTypeOf<
      InfiniteData<ListGasSponsorsReturn, Page> | undefined
    >()
  })

  it('without a page size, the size the server answered is kept from page to page', async () => {
    const { relayer } = contractQueries(clientsFor(server))
    const options = relayer.infinite.listGasSponsors({ projectId: sampleProject.id })
    const queryClient = new QueryClient()
    await queryClient.fetchInfiniteQuery(options)
    const data = await fetchNextPages(new InfiniteQueryObserver(queryClient, options))
    expect(data.pageParams).toEqual([{}, { page: 2, pageSize: 10 }])
    expect(data.pages.map((page) => page.gasSponsors.length)).toEqual([10, data.pages[1]!.page.totalRecords! - 10])
  })

  it('GetOrders: one order a page, four pages', async () => {
    const { marketplace } = contractQueries(clientsFor(server))
    const input = ['101', '102', '103', '104'].map((orderId) => ({
      contractAddress: sampleCollections.heroes.contractAddress,
      orderId,
      marketplace: 'unknown' as const,
    }))
    const options = marketplace.infinite.getOrders({ input, page: { pageSize: 1 } })
    const queryClient = new QueryClient()
    await queryClient.fetchInfiniteQuery(options)
    const onePerPage = await fetchNextPages(new InfiniteQueryObserver(queryClient, options))
    const ids = onePerPage.pages.map((page) => page.orders.map((order) => order.orderId))
    expect(ids.map((page) => page.length)).toEqual([1, 1, 1, 1])
    expect(ids.flat().sort()).toEqual(['101', '102', '103', '104'])
    expect(onePerPage.pages.map((page) => page.page.more)).toEqual([true, true, true, false])
    expectTypeOf(onePerPage.pages).toEqualTypeOf<GetOrdersReturn[]>()
    expectTypeOf(options.getNextPageParam).parameter(0).toEqualTypeOf<GetOrdersReturn>()
  })

  it('a paged read’s options are found from the schema: Marketplace and Relayer have them, the others none', () => {
    const queries = contractQueries(clientsFor(server))
    expect(Object.keys(queries.marketplace.infinite)).toEqual(['getOrders'])
    expect(Object.keys(queries.relayer.infinite)).toEqual(['listGasSponsors'])
    expect(Object.keys(queries.metadata.infinite)).toEqual([])
    expect(Object.keys(queries.builder.infinite)).toEqual([])
  })
})
