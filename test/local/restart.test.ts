import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { issueSecretKey } from '../../src/local/credentials.js'
import { createClients, localUrls } from '../../src/entries/index.js'
import type { Fixtures } from '../../src/reference/fixtures/fixtures.js'
import { clientsFor, startTestServer } from './support.js'

const dataDir = mkdtempSync(join(tmpdir(), 'local-server-restart-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

it('a restart with the same DATA_DIR keeps listeners, the JWT secret and the sample data', async () => {
  const first = await startTestServer({ dataDir })
  const { listener } = await clientsFor(first).indexer.addWebhookListener({
    url: 'http://127.0.0.1:9/persisted',
    filters: {
      contractAddresses: ['0x4e10000000000000000000000000000000000721'],
      events: ['Transfer(address indexed from, address indexed to, uint256 indexed tokenId)'],
    },
  })
  const secretBefore = first.jwtSecret
  const keyFromBefore = first.secretKey
  await first.close()

  const second = await startTestServer({ dataDir })
  try {
    expect(second.jwtSecret).toBe(secretBefore)
    const clients = clientsFor(second)
    expect(
      (
        await clients.marketplace.getCountOfAllCollectibles({
          contractAddress: '0x4e10000000000000000000000000000000000721',
        })
      ).count,
    ).toBeGreaterThan(0)
    // The key printed by the first run still works, and the listener written then is still there to remove.
    const oldKeyClients = { ...second, secretKey: keyFromBefore }
    expect(
      (
        await clientsFor(oldKeyClients).indexer.removeWebhookListener({
          id: listener.id,
          projectId: String(second.projectId),
        })
      ).status,
    ).toBe(true)
    expect(second.unexpected).toEqual([])
  } finally {
    await second.close()
  }

  const third = await startTestServer({ dataDir })
  try {
    // The removal of the second run persisted too: the listener is gone now.
    await expect(
      clientsFor(third).indexer.removeWebhookListener({ id: listener.id, projectId: String(third.projectId) }),
    ).rejects.toMatchObject({ error: 'NotFound' })
    expect(await issueSecretKey(third.jwtSecret, 1)).toMatch(/^ey/)
  } finally {
    await third.close()
  }
})

/** Fixtures with one project and one token contract on base, each start of the test below its own. */
function fixturesOf(project: number, contractAddress: string, tokenName: string): Fixtures {
  const usdc = '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913'
  return {
    projects: [{ id: project, name: `Project ${project}`, accessKey: `access-key-${project}` }],
    currencies: [{ network: 'base', address: usdc, symbol: 'USDC', decimals: 6, usdPrice: 1 }],
    collections: [
      {
        network: 'base',
        contractAddress,
        name: `Collection of project ${project}`,
        contractType: 'ERC721',
        tokens: [{ tokenId: '1', name: tokenName, attributes: [] }],
        orders: [
          {
            orderId: String(project),
            tokenId: '1',
            side: 'listing',
            marketplace: 'platform_marketplace_v2',
            createdBy: '0x00000000000000000000000000000000000000a1',
            currency: usdc,
            pricePerToken: '2000000',
            quantity: '1',
          },
        ],
      },
    ],
  }
}

it('a data dir still answers the fixtures of an earlier start next to those of this one', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'local-server-earlier-fixtures-'))
  try {
    const earlier = { contract: '0xe1e1000000000000000000000000000000000001', path: join(dir, 'earlier.json') }
    const later = { contract: '0xe1e1000000000000000000000000000000000002', path: join(dir, 'later.json') }
    writeFileSync(earlier.path, JSON.stringify(fixturesOf(81, earlier.contract, 'Earlier')))
    writeFileSync(later.path, JSON.stringify(fixturesOf(82, later.contract, 'Later')))
    const store = join(dir, 'store')
    await (await startTestServer({ dataDir: store, fixtures: earlier.path })).close()

    const server = await startTestServer({ dataDir: store, fixtures: later.path })
    try {
      const floorName = async (project: number, contractAddress: string) => {
        const clients = createClients({
          network: 'base',
          accessKey: `access-key-${project}`,
          urls: localUrls(server.url),
        })
        return (await clients.marketplace.getFloorOrder({ contractAddress })).collectible.metadata.name
      }
      expect(await floorName(81, earlier.contract)).toBe('Earlier')
      expect(await floorName(82, later.contract)).toBe('Later')
      expect(server.unexpected).toEqual([])
    } finally {
      await server.close()
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})
