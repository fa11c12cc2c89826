import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { checkFixtures, type Fixtures } from '../../src/reference/fixtures/fixtures.js'
import { sampleData } from '../../src/reference/data/sample-data.js'
import { startTestServer } from '../local/support.js'

const USDC_BASE = '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913'
const COLLECTION = '0x000000000000000000000000000000000000c0de'
const SELLER = '0x1111111111111111111111111111111111111111'

/** A small fixtures file that loads and serves. */
function servable(): Fixtures {
  return {
    currencies: [{ network: 'base', address: USDC_BASE, symbol: 'USDC', decimals: 6, usdPrice: 1 }],
    collections: [
      {
        network: 'base',
        contractAddress: COLLECTION,
        name: 'Consumer collection',
        contractType: 'ERC721',
        tokens: [{ tokenId: '1', name: 'One', attributes: [] }],
        orders: [
          {
            orderId: '5',
            tokenId: '1',
            side: 'listing',
            marketplace: 'platform_marketplace_v2',
            createdBy: SELLER,
            currency: USDC_BASE,
            pricePerToken: '10',
            quantity: '1',
          },
        ],
      },
    ],
    audiences: [{ id: 900, projectId: 1, name: 'A', contacts: [] }],
  }
}

const collection = (f: Fixtures) => f.collections![0]!
const order = (f: Fixtures) => collection(f).orders![0]!

it('a servable file and the sample data pass', () => {
  expect(() => checkFixtures(servable(), 'fixtures.json', [sampleData])).not.toThrow()
  expect(() => checkFixtures(structuredClone(sampleData), 'the sample data')).not.toThrow()
})

describe.each<[string, (f: Fixtures) => void, string]>([
  [
    'a platform_marketplace_v2 order id that is not a number',
    (f) => (order(f).orderId = 'abc'),
    '/collections/0/orders/0/orderId',
  ],
  [
    'a platform_marketplace_v2 order id past uint256',
    (f) => (order(f).orderId = (2n ** 256n).toString()),
    '/collections/0/orders/0/orderId',
  ],
  [
    'a currency of another network',
    (f) => (order(f).currency = '0x3c499c542cef5e3811e1192ce70d8cc03d5c3359'),
    '/collections/0/orders/0/currency',
  ],
  ['a token of another collection', (f) => (order(f).tokenId = '2'), '/collections/0/orders/0/tokenId'],
  [
    'a duplicate token id',
    (f) => collection(f).tokens.push({ ...collection(f).tokens[0]! }),
    '/collections/0/tokens/1',
  ],
  ['a duplicate order id', (f) => collection(f).orders!.push({ ...order(f) }), '/collections/0/orders/1/orderId'],
  ['a duplicate collection', (f) => f.collections!.push(structuredClone(collection(f))), '/collections/1'],
  ['a duplicate audience id', (f) => f.audiences!.push({ ...f.audiences![0]! }), '/audiences/1'],
])('refused at load: %s', (_, breakIt, path) => {
  it('names the JSON path', () => {
    const fixtures = servable()
    breakIt(fixtures)
    expect(() => checkFixtures(fixtures, 'fixtures.json', [sampleData])).toThrow(path)
  })
})

it('the local server refuses to start on such a file, naming the file and the path', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'fixtures-'))
  try {
    const fixtures = servable()
    order(fixtures).tokenId = '2'
    const file = join(dir, 'fixtures.json')
    writeFileSync(file, JSON.stringify(fixtures))
    await expect(startTestServer({ fixtures: file })).rejects.toThrow(
      `${file} cannot be served as it is:\n  /collections/0/orders/0/tokenId: token 2 is not a token of this collection`,
    )
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})
