import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { checkFixtures, type FixtureCollection, type Fixtures } from '../../src/reference/fixtures/fixtures.js'
import { networkTable } from '../../src/reference/networks.js'
import { sampleData } from '../../src/reference/data/sample-data.js'
import { loadFixtures } from '../../src/local/store/seed.js'
import { clientsFor, startTestServer, type TestServer } from '../local/support.js'

/**
 * The contract holds over data nobody wrote by hand: fast-check makes fixtures (collections of tokens
 * with traits and orders of every marketplace, side and status, in polygon's sample currencies), one
 * running local server loads each one as it loads a FIXTURES file (checkFixtures, then loadFixtures),
 * and every read operation over it must answer within its response schema (startTestServer turns
 * validateResponses on: a breaking answer is WebrpcBadResponse). Each run gets a contract address and
 * order ids of its own, so the runs sharing the server never see each other's data.
 */
const hex = (length: number) => fc.stringMatching(new RegExp(`^[0-9a-f]{${length}}$`)).map((s) => `0x${s}`)
const decimal = fc.bigInt({ min: 0n, max: 10n ** 30n }).map(String)
const polygonCurrencies = sampleData.currencies!.filter((c) => c.network === 'polygon').map((c) => c.address)
const marketplaces = ['platform_marketplace_v1', 'platform_marketplace_v2', 'opensea', 'magic_eden', 'blur'] as const

const collection: fc.Arbitrary<FixtureCollection> = fc
  .record({
    contractAddress: hex(40),
    name: fc.string({ maxLength: 12 }),
    contractType: fc.constantFrom('ERC721' as const, 'ERC1155' as const),
    tokenIds: fc.uniqueArray(fc.bigInt({ min: 0n, max: 10n ** 20n }).map(String), { minLength: 1, maxLength: 4 }),
    traits: fc.array(
      fc.record({
        trait_type: fc.constantFrom('Color', 'Level', 'Rarity'),
        value: fc.oneof(fc.string({ maxLength: 6 }), fc.integer()),
      }),
      { maxLength: 3 },
    ),
    orders: fc.array(
      fc.record({
        side: fc.constantFrom('listing' as const, 'offer' as const),
        status: fc.constantFrom('active' as const, 'cancelled' as const, 'expired' as const, 'filled' as const),
        marketplace: fc.constantFrom(...marketplaces),
        createdBy: hex(40),
        currency: fc.constantFrom(...polygonCurrencies),
        pricePerToken: decimal,
        quantity: fc.bigInt({ min: 1n, max: 1000n }).map(String),
        token: fc.nat(),
      }),
      { maxLength: 6 },
    ),
  })
  .map(({ tokenIds, traits, orders, ...rest }) => ({
    ...rest,
    network: 'polygon',
    tokens: tokenIds.map((tokenId) => ({ tokenId, name: `Token ${tokenId}`, attributes: traits })),
    orders: orders.map(({ token, ...order }, i) => ({
      ...order,
      orderId: String(1_000_000 + i),
      tokenId: tokenIds[token % tokenIds.length]!,
    })),
  }))

let server: TestServer
const dataDir = mkdtempSync(join(tmpdir(), 'conformance-property-'))
beforeAll(async () => {
  // A store-backed server (a data directory), so each run's fixtures load into its SQL store as FIXTURES do.
  server = await startTestServer({ dataDir })
})
afterAll(async () => {
  await server.close()
  rmSync(dataDir, { recursive: true, force: true })
})

let runs = 0
/** The generated collection under an address and order ids no earlier run used (run n: 0x…n, orders n00000i). */
function ownedByThisRun(generated: FixtureCollection): FixtureCollection {
  const run = ++runs
  return {
    ...generated,
    contractAddress: `${generated.contractAddress.slice(0, -8)}${run.toString(16).padStart(8, '0')}`,
    orders: generated.orders!.map((order, i) => ({ ...order, orderId: String(run * 1_000_000 + i) })),
  }
}

it('every read operation over generated fixtures answers within its response schema', async () => {
  const networks = networkTable()
  await fc.assert(
    fc.asyncProperty(collection, async (arbitrary) => {
      const generated = ownedByThisRun(arbitrary)
      const fixtures = checkFixtures({ collections: [generated] } satisfies Fixtures, 'the generated fixtures', [
        sampleData,
      ])
      await loadFixtures(server.sql, networks, fixtures)
      const { marketplace, metadata } = clientsFor(server, 'polygon')
      const contractAddress = generated.contractAddress
      await marketplace.getCountOfAllCollectibles({ contractAddress })
      await marketplace.getFloorOrder({ contractAddress }).catch((error: { code?: number }) => {
        if (error.code !== undefined && error.code < 0) throw error // webrpc errors (BadResponse…) fail; NotFound is an answer
      })
      await metadata.tokenCollectionFilters({ chainId: '137', contractAddress })
      for (const token of generated.tokens)
        await marketplace.getHighestPriceListingForCollectible({ contractAddress, tokenId: token.tokenId })
      const input = generated.orders!.map((o) => ({
        contractAddress,
        orderId: o.orderId,
        marketplace: o.marketplace as never,
      }))
      if (input.length > 0) await marketplace.getOrders({ input })
      expect(server.unexpected).toEqual([])
    }),
    { numRuns: 6 },
  )
}, 120_000)
