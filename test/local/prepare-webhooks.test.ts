import { afterEach, describe, expect, it } from 'vitest'
import type { LazySql } from '../../src/store/lazy-sql.js'
import { waitUntil } from '../webhook/support/receiver-server.js'
import { clientsFor, startTestServer, type TestServer } from './support.js'

const contractAddress = '0x4e10000000000000000000000000000000000721'
const filters = {
  contractAddresses: [contractAddress],
  events: ['Transfer(address indexed from, address indexed to, uint256 indexed tokenId)'],
}
const servers: TestServer[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()))
})

const start = async (prepareWebhooks: 'after-start' | 'on-first-use') => {
  const server = await startTestServer({ prepareWebhooks })
  servers.push(server)
  return server
}
const storeOpened = (server: TestServer) => (server.sql as LazySql).opened

describe("an in-memory local server's webhook engine", () => {
  it("is made after the start by default; with 'on-first-use', on the first webhook call, which it answers", async () => {
    const [prepared, onFirstUse] = await Promise.all([start('after-start'), start('on-first-use')])
    const { marketplace, indexer } = clientsFor(onFirstUse)
    expect((await marketplace.getCountOfAllCollectibles({ contractAddress })).count).toBeGreaterThan(0)
    // Over the time the default server takes to open its store unasked, the other one opens none.
    await waitUntil(() => storeOpened(prepared), "the default server's store opened after its start")
    expect(storeOpened(onFirstUse)).toBe(false)

    const { listener } = await indexer.addWebhookListener({ url: 'http://127.0.0.1:9/hook', filters })
    expect(storeOpened(onFirstUse)).toBe(true)
    expect(onFirstUse.webhooks.activeListeners).toBe(1)
    expect(await onFirstUse.webhooks.getListener(onFirstUse.projectId, listener.id)).toMatchObject({
      url: 'http://127.0.0.1:9/hook',
    })
  })
})
