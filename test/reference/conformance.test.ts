import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Network } from '../../gen/networks.gen.js'
import { checkFixtures } from '../../src/reference/fixtures/fixtures.js'
import { sampleData, sampleProject } from '../../src/reference/data/sample-data.js'
import { validateResponse } from '../../src/validate/index.js'
import { clientsFor, startTestServer, type TestServer } from '../local/support.js'

/**
 * The contract holds both ways on the local server over the whole sample data: every read operation is
 * called for every collection, token and order of it, and every answer must validate against its
 * response JSON Schema (the server checks it too: startTestServer turns validateResponses on, which
 * turns a breaking answer into WebrpcBadResponse).
 */
let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server?.close())

const expectConforms = (service: string, method: string, body: unknown) =>
  expect(validateResponse(service, method, JSON.parse(JSON.stringify(body))), `${service}.${method}`).toEqual({
    ok: true,
  })

it('the sample data is a valid fixtures file', () => {
  expect(() => checkFixtures(JSON.parse(JSON.stringify(sampleData)), 'the sample data')).not.toThrow()
})

describe.each(sampleData.collections!.map((c) => [`${c.network} ${c.name}`, c] as const))('%s', (_, collection) => {
  const clients = () => clientsFor(server, collection.network as Network)
  const contractAddress = collection.contractAddress

  it('GetCountOfAllCollectibles, GetFloorOrder and TokenCollectionFilters answer within the contract', async () => {
    const { marketplace, metadata } = clients()
    expectConforms(
      'Marketplace',
      'GetCountOfAllCollectibles',
      await marketplace.getCountOfAllCollectibles({ contractAddress }),
    )
    expectConforms('Marketplace', 'GetFloorOrder', await marketplace.getFloorOrder({ contractAddress }))
    const chainId = String(clients().chainId)
    expectConforms(
      'Metadata',
      'TokenCollectionFilters',
      await metadata.tokenCollectionFilters({ chainId, contractAddress }),
    )
  })

  it('GetHighestPriceListingForCollectible for every token answers within the contract', async () => {
    const { marketplace } = clients()
    for (const token of collection.tokens) {
      const answer = await marketplace.getHighestPriceListingForCollectible({ contractAddress, tokenId: token.tokenId })
      expectConforms('Marketplace', 'GetHighestPriceListingForCollectible', answer)
    }
  })

  it('GetOrders for every order answers within the contract', async () => {
    const { marketplace } = clients()
    const input = (collection.orders ?? []).map((order) => ({
      contractAddress,
      orderId: order.orderId,
      marketplace: order.marketplace as never,
    }))
    for (let start = 0; start < input.length; start += 10) {
      const answer = await marketplace.getOrders({ input: input.slice(start, start + 10) })
      expectConforms('Marketplace', 'GetOrders', answer)
    }
  })
})

it('GetAudience and ListGasSponsors answer within the contract for the sample project', async () => {
  const polygon = clientsFor(server, 'polygon')
  for (const audience of sampleData.audiences!.filter((a) => a.projectId === sampleProject.id)) {
    const answer = await polygon.builder.getAudience({ projectId: sampleProject.id, audienceId: audience.id })
    expectConforms('Builder', 'GetAudience', answer)
  }
  for (const network of new Set(sampleData.collections!.map((c) => c.network as Network))) {
    const answer = await clientsFor(server, network).relayer.listGasSponsors({ projectId: sampleProject.id })
    expectConforms('Relayer', 'ListGasSponsors', answer)
  }
  expect(server.unexpected).toEqual([])
})
