import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { issueSecretKey } from '../../src/local/credentials.js'
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
