import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import type { Fixtures } from '../../src/reference/fixtures/fixtures.js'
import { createClients, localUrls } from '../../src/entries/index.js'
import { startTestServer } from '../local/support.js'

const dir = mkdtempSync(join(tmpdir(), 'local-server-fixtures-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const fixtures: Fixtures = {
  projects: [{ id: 77, name: 'Fixture project', accessKey: 'fixture-access-key-77' }],
  currencies: [
    {
      network: 'base',
      address: '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913',
      symbol: 'USDC',
      decimals: 6,
      usdPrice: 1,
    },
  ],
  collections: [
    {
      network: 'base',
      contractAddress: '0xf1f1000000000000000000000000000000000001',
      name: 'Fixture collection',
      contractType: 'ERC721',
      tokens: [
        { tokenId: '7', name: 'Seven', attributes: [{ trait_type: 'Colour', value: 'Blue' }] },
        { tokenId: '8', name: 'Eight', attributes: [{ trait_type: 'Colour', value: 'Amber' }] },
      ],
      orders: [
        {
          orderId: '1',
          tokenId: '8',
          side: 'listing',
          marketplace: 'platform_marketplace_v2',
          createdBy: '0x00000000000000000000000000000000000000a1',
          currency: '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913',
          pricePerToken: '3000000',
          quantity: '1',
        },
      ],
    },
  ],
}

it('loads a FIXTURES file next to the sample data, usable with its own access key', async () => {
  const path = join(dir, 'fixtures.json')
  writeFileSync(path, JSON.stringify(fixtures))
  const server = await startTestServer({ fixtures: path })
  try {
    const clients = createClients({ network: 'base', accessKey: 'fixture-access-key-77', urls: localUrls(server.url) })
    const { collectible } = await clients.marketplace.getFloorOrder({
      contractAddress: '0xf1f1000000000000000000000000000000000001',
    })
    expect(collectible.metadata.name).toBe('Eight')
    expect(collectible.listing?.priceUSD).toBe(3)
    const { filters } = await clients.metadata.tokenCollectionFilters({
      chainId: String(clients.chainId),
      contractAddress: '0xf1f1000000000000000000000000000000000001',
    })
    expect(filters).toEqual([{ name: 'Colour', type: 'STRING', min: null, max: null, values: ['Amber', 'Blue'] }])
  } finally {
    await server.close()
  }
})

it('refuses to start on a fixtures file that does not match the schema, naming the problem', async () => {
  const path = join(dir, 'bad.json')
  writeFileSync(path, JSON.stringify({ projects: [{ id: 'one', name: 'x' }] }))
  await expect(startTestServer({ fixtures: path })).rejects.toThrow(/fixtures\.schema\.json[\s\S]*\/projects\/0/)
})
