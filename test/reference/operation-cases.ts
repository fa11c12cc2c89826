import { decodeFunctionData, erc20Abi, getAddress } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { platformMarketplaceV2Abi, platformMarketplaceV2Address } from '../../src/reference/handlers/marketplace-abi.js'
import { nativeCoin, sampleCollections, sampleData, sampleProject } from '../../src/reference/data/sample-data.js'
import { validateResponse } from '../../src/validate/index.js'
import type { Clients } from '../../src/entries/index.js'
import { activeOrders, byUsd, collectionAt, currencyOf, usdOf } from './sample-model.js'
import { clientsFor, startTestServer, type TestServer } from '../local/support.js'

/**
 * Every operation of the five services against a server of startTestServer(), its values checked exactly: in
 * memory (operations.test.ts), on a data dir and on PostgreSQL (test/local/*.slow.test.ts, whose per-file store
 * startTestServer() takes). A function rather than a test file imported: each file that calls it registers the
 * tests again, whatever modules its worker has already loaded.
 */
export function operationTests(): void {
  let server: TestServer
  let polygon: Clients
  const heroes = sampleCollections.heroes.contractAddress
  const cards = sampleCollections.cards.contractAddress
  const buyer = '0x1111111111111111111111111111111111111111'

  beforeAll(async () => {
    server = await startTestServer()
    polygon = clientsFor(server, 'polygon')
  })
  afterAll(() => server?.close())

  function expectValidResponse(service: string, method: string, body: unknown) {
    expect(validateResponse(service, method, JSON.parse(JSON.stringify(body)))).toEqual({ ok: true })
  }

  describe('Marketplace', () => {
    it('GetCountOfAllCollectibles counts the tokens of that token contract on that network only', async () => {
      const { count } = await polygon.marketplace.getCountOfAllCollectibles({ contractAddress: heroes })
      expect(count).toBe(collectionAt('polygon', heroes).tokens.length)
      const amoy = clientsFor(server, 'amoy')
      expect((await amoy.marketplace.getCountOfAllCollectibles({ contractAddress: heroes })).count).toBe(0)
      expect(
        (
          await amoy.marketplace.getCountOfAllCollectibles({
            contractAddress: sampleCollections.amoyItems.contractAddress,
          })
        ).count,
      ).toBe(collectionAt('amoy', sampleCollections.amoyItems.contractAddress).tokens.length)
    })

    it('GetFloorOrder is the cheapest active listing (in USD) with its metadata, assets and best offer', async () => {
      const result = await polygon.marketplace.getFloorOrder({ contractAddress: heroes })
      expectValidResponse('Marketplace', 'GetFloorOrder', result)
      const cheapest = activeOrders('polygon', heroes, 'listing').sort(byUsd('polygon', 1))[0]!
      const { collectible } = result
      expect(collectible.listing?.orderId).toBe(cheapest.orderId)
      expect(collectible.order?.orderId).toBe(cheapest.orderId)
      expect(collectible.listing?.priceUSD).toBeCloseTo(usdOf('polygon', cheapest), 2)
      const token = collectionAt('polygon', heroes).tokens.find((t) => t.tokenId === cheapest.tokenId)!
      expect(collectible.metadata.tokenId).toBe(token.tokenId)
      expect(collectible.metadata.name).toBe(token.name)
      expect(collectible.metadata.attributes).toEqual(token.attributes)
      expect(collectible.metadata.assets?.map((a) => a.url)).toEqual(token.assets!.map((a) => a.url))
      const bestOffer = activeOrders('polygon', heroes, 'offer')
        .filter((o) => o.tokenId === cheapest.tokenId)
        .sort(byUsd('polygon', -1))[0]
      expect(collectible.offer?.orderId).toBe(bestOffer?.orderId)
      expect(collectible.offer?.side).toBe('offer')
    })

    it('GetOrders finds orders by (token contract, orderId, marketplace) and pages them', async () => {
      const wanted = collectionAt('polygon', heroes).orders!.slice(0, 4)
      const input = wanted.map((o) => ({
        contractAddress: heroes,
        orderId: o.orderId,
        marketplace: o.marketplace as never,
      }))
      const mismatched = { contractAddress: heroes, orderId: wanted[0]!.orderId, marketplace: 'blur' as never }
      const first = await polygon.marketplace.getOrders({
        input: [...input, mismatched],
        page: { page: 1, pageSize: 3, sort: [{ column: 'orderId', order: 'ASC' as never }] },
      })
      expectValidResponse('Marketplace', 'GetOrders', first)
      const ids = wanted.map((o) => o.orderId).sort()
      expect(first.orders.map((o) => o.orderId)).toEqual(ids.slice(0, 3))
      expect(first.page).toMatchObject({ page: 1, pageSize: 3, more: true, totalRecords: wanted.length })
      const second = await polygon.marketplace.getOrders({
        input,
        page: { page: 2, pageSize: 3, sort: [{ column: 'orderId', order: 'ASC' as never }] },
      })
      expect(second.orders.map((o) => o.orderId)).toEqual(ids.slice(3))
      expect(second.page.more).toBe(false)
      const order = first.orders[0]!
      const fixture = wanted.find((o) => o.orderId === order.orderId)!
      expect(order).toMatchObject({
        collectionContractAddress: heroes,
        chainId: 137,
        priceAmount: fixture.pricePerToken,
        priceCurrencyAddress: fixture.currency.toLowerCase(),
        priceDecimals: currencyOf('polygon', fixture.currency).decimals,
        tokenId: fixture.tokenId,
        marketplace: fixture.marketplace,
      })
    })

    it('GetOrders with marketplace "unknown" matches any marketplace', async () => {
      const { orders } = await polygon.marketplace.getOrders({
        input: [{ contractAddress: heroes, orderId: '105', marketplace: 'unknown' as never }],
      })
      expect(orders.map((o) => [o.orderId, o.marketplace])).toEqual([['105', 'magic_eden']])
    })

    it('GetHighestPriceListingForCollectible honours createdBy, marketplace and currencies', async () => {
      const listingsOfToken1 = activeOrders('polygon', heroes, 'listing').filter((o) => o.tokenId === '1')
      const highest = (filter: (o: (typeof listingsOfToken1)[number]) => boolean) =>
        listingsOfToken1.filter(filter).sort(byUsd('polygon', -1))[0]?.orderId
      const call = (filter?: object) =>
        polygon.marketplace.getHighestPriceListingForCollectible({
          contractAddress: heroes,
          tokenId: '1',
          ...(filter ? { filter } : {}),
        })

      expect((await call()).order?.orderId).toBe(highest(() => true))
      expect((await call({ marketplace: ['platform_marketplace_v2'] })).order?.orderId).toBe(
        highest((o) => o.marketplace === 'platform_marketplace_v2'),
      )
      const usdc = currencyOf('polygon', '0x3c499c542cef5e3811e1192ce70d8cc03d5c3359').address
      expect((await call({ currencies: [usdc] })).order?.orderId).toBe(highest((o) => o.currency === usdc))
      const seller = listingsOfToken1[0]!.createdBy
      expect((await call({ createdBy: [seller.toUpperCase().replace('0X', '0x')] })).order?.orderId).toBe(
        highest((o) => o.createdBy === seller),
      )
      expect((await call({ createdBy: [buyer] })).order).toBeUndefined()
    })

    it('GenerateBuyTransaction: ERC-20 approval of the total, then acceptRequest with the fees', async () => {
      const listing = activeOrders('polygon', cards, 'listing').find(
        (o) => o.currency !== nativeCoin && o.marketplace === 'platform_marketplace_v2',
      )!
      const fee = { amount: '12345', receiver: '0x2222222222222222222222222222222222222222' }
      const { steps } = await polygon.marketplace.generateBuyTransaction({
        collectionAddress: cards,
        buyer,
        marketplace: 'platform_marketplace_v2' as never,
        ordersData: [{ orderId: listing.orderId, quantity: '3' }],
        additionalFees: [fee],
      })
      expectValidResponse('Marketplace', 'GenerateBuyTransaction', { steps })
      const total = BigInt(listing.pricePerToken) * 3n + BigInt(fee.amount)
      expect(steps.map((s) => s.id)).toEqual(['tokenApproval', 'buy'])
      const [approval, buy] = steps as [(typeof steps)[0], (typeof steps)[0]]
      expect(approval.to).toBe(listing.currency.toLowerCase())
      expect(decodeFunctionData({ abi: erc20Abi, data: approval.data as `0x${string}` })).toEqual({
        functionName: 'approve',
        args: [getAddress(platformMarketplaceV2Address), total],
      })
      expect(buy.to).toBe(platformMarketplaceV2Address)
      expect(buy.value).toBe('0')
      expect(buy.price).toBe(total.toString())
      const decoded = decodeFunctionData({ abi: platformMarketplaceV2Abi, data: buy.data as `0x${string}` })
      expect(decoded.functionName).toBe('acceptRequest')
      expect(decoded.args).toEqual([
        BigInt(listing.orderId),
        3n,
        getAddress(buyer),
        [BigInt(fee.amount)],
        [getAddress(fee.receiver)],
      ])
    })

    it('GenerateBuyTransaction in the native coin is one payable step carrying the total as value', async () => {
      const listing = activeOrders('polygon', heroes, 'listing').find(
        (o) => o.currency === nativeCoin && o.marketplace === 'platform_marketplace_v2',
      )!
      const { steps } = await polygon.marketplace.generateBuyTransaction({
        collectionAddress: heroes,
        buyer,
        marketplace: 'platform_marketplace_v2' as never,
        ordersData: [{ orderId: listing.orderId, quantity: '1', tokenId: listing.tokenId }],
        additionalFees: [],
      })
      expect(steps).toHaveLength(1)
      expect(steps[0]).toMatchObject({
        id: 'buy',
        to: platformMarketplaceV2Address,
        value: listing.pricePerToken,
        price: listing.pricePerToken,
      })
    })

    it('GenerateBuyTransaction of several token listings is one acceptRequestBatch', async () => {
      const listings = activeOrders('polygon', heroes, 'listing').filter(
        (o) => o.marketplace === 'platform_marketplace_v2' && o.currency !== nativeCoin,
      )
      const sameCurrency = listings.filter((o) => o.currency === listings[0]!.currency)
      const [a, b] = sameCurrency.length >= 2 ? sameCurrency : [listings[0]!, listings[0]!]
      if (a === b) return expect.fail('sample data needs two platform_marketplace_v2 listings in one token currency')
      const { steps } = await polygon.marketplace.generateBuyTransaction({
        collectionAddress: heroes,
        buyer,
        marketplace: 'platform_marketplace_v2' as never,
        ordersData: [a, b].map((o) => ({ orderId: o!.orderId, quantity: '1' })),
        additionalFees: [],
      })
      const decoded = decodeFunctionData({ abi: platformMarketplaceV2Abi, data: steps[1]!.data as `0x${string}` })
      expect(decoded.functionName).toBe('acceptRequestBatch')
      expect(decoded.args[0]).toEqual([BigInt(a!.orderId), BigInt(b!.orderId)])
      expect(steps[1]!.price).toBe((BigInt(a!.pricePerToken) + BigInt(b!.pricePerToken)).toString())
    })
  })

  describe('Metadata', () => {
    it('TokenCollectionFilters: STRING values distinct and sorted, numeric min/max', async () => {
      const { filters } = await polygon.metadata.tokenCollectionFilters({
        chainId: String(polygon.chainId),
        contractAddress: heroes,
      })
      expectValidResponse('Metadata', 'TokenCollectionFilters', { filters })
      const attributes = collectionAt('polygon', heroes).tokens.flatMap((t) => t.attributes)
      const names = [...new Set(attributes.map((a) => a.trait_type))].sort()
      expect(filters.map((f) => f.name)).toEqual(names)
      for (const filter of filters) {
        const values = attributes.filter((a) => a.trait_type === filter.name).map((a) => a.value)
        if (values.every((v) => typeof v === 'number')) {
          expect(filter).toMatchObject({
            type: 'INT',
            min: Math.min(...(values as number[])),
            max: Math.max(...(values as number[])),
          })
        } else {
          expect(filter).toEqual({
            name: filter.name,
            type: 'STRING',
            min: null,
            max: null,
            values: [...new Set(values.map(String))].sort(),
          })
        }
      }
    })
  })

  describe('Builder', () => {
    it("GetAudience returns the caller's audience with its contacts and contracts", async () => {
      const audience = sampleData.audiences!.find((a) => a.projectId === sampleProject.id && a.contacts.length > 0)!
      const result = await polygon.builder.getAudience({ projectId: sampleProject.id, audienceId: audience.id })
      expectValidResponse('Builder', 'GetAudience', result)
      expect(result.audience).toMatchObject({
        id: audience.id,
        projectId: sampleProject.id,
        name: audience.name,
        contactCount: audience.contacts.length,
      })
      expect(result.contacts.map((c) => [c.address, c.email])).toEqual(
        audience.contacts.map((c) => [c.address.toLowerCase(), c.email]),
      )
      const contracts = sampleData.contracts!.filter((c) => c.audienceId === audience.id)
      expect(result.contracts.map((c) => [c.id, c.contractAddress, c.source, c.chainId])).toEqual(
        contracts.map((c) => [c.id, c.contractAddress.toLowerCase(), c.source, 137]),
      )
    })
  })

  describe('Relayer', () => {
    it('ListGasSponsors pages the project sponsors of the route network with more and totalRecords', async () => {
      const expected = sampleData
        .gasSponsors!.filter((s) => s.projectId === sampleProject.id && s.network === 'polygon')
        .map((s) => s.id)
      const seen: number[] = []
      for (let page = 1; ; page++) {
        const result = await polygon.relayer.listGasSponsors({
          projectId: sampleProject.id,
          page: { page, pageSize: 5 },
        })
        expectValidResponse('Relayer', 'ListGasSponsors', result)
        expect(result.page).toMatchObject({ page, pageSize: 5, totalRecords: expected.length })
        seen.push(...result.gasSponsors.map((s) => s.id))
        expect(result.page.more).toBe(seen.length < expected.length)
        if (!result.page.more) break
      }
      expect(seen).toEqual(expected)
      const amoy = await clientsFor(server, 'amoy').relayer.listGasSponsors({ projectId: sampleProject.id })
      expect(amoy.gasSponsors.map((s) => s.chainId)).toEqual(
        sampleData
          .gasSponsors!.filter((s) => s.projectId === sampleProject.id && s.network === 'amoy')
          .map(() => 80002),
      )
    })
  })

  describe('Indexer', () => {
    it('AddWebhookListener then RemoveWebhookListener with the secret key', async () => {
      const { listener } = await polygon.indexer.addWebhookListener({
        url: 'http://127.0.0.1:9/hook',
        filters: {
          contractAddresses: [cards],
          events: [
            'TransferSingle(address indexed operator, address indexed from, address indexed to, uint256 id, uint256 value)',
          ],
          tokenIDs: ['1'],
        },
      })
      expectValidResponse('Indexer', 'AddWebhookListener', { listener })
      expect(listener.projectId).toBe(String(sampleProject.id))
      expect(listener.url).toBe('http://127.0.0.1:9/hook')
      expect(
        (await polygon.indexer.removeWebhookListener({ id: listener.id, projectId: String(sampleProject.id) })).status,
      ).toBe(true)
    })
  })

  it('no call logged an unexpected error', () => {
    expect(server.unexpected).toEqual([])
  })
}
