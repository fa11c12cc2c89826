import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { expect, it } from 'vitest'
import type { FixtureCollection, Fixtures } from '../../src/local/fixtures.js'
import { sampleData } from '../../src/local/sample-data.js'
import { clientsFor, startTestServer } from './support.js'

/**
 * The contract holds over data nobody wrote by hand: fast-check makes fixture files (collections of
 * tokens with traits and orders of every marketplace, side and status, in polygon's sample currencies),
 * the local server loads each one, and every read operation over it must answer within its response
 * schema (startTestServer turns validateResponses on: a breaking answer is WebrpcBadResponse).
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

it('every read operation over generated fixtures answers within its response schema', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'conformance-'))
  try {
    await fc.assert(
      fc.asyncProperty(collection, async (generated) => {
        const file = join(dir, 'fixtures.json')
        writeFileSync(file, JSON.stringify({ collections: [generated] } satisfies Fixtures))
        const server = await startTestServer({ fixtures: file })
        try {
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
        } finally {
          await server.close()
        }
      }),
      { numRuns: 6 },
    )
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}, 120_000)
