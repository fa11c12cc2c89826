import pg from 'pg'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { NotFoundError } from '../../gen/errors.gen.js'
import type { DeliveryReport } from '../../src/webhook/index.js'
import { streamFilters } from '../webhook/support/logs.js'
import { startTestReceiver, waitUntil, type TestReceiver } from '../webhook/support/receiver-server.js'
import { clientsFor, createTestDatabase, jsonPost, rawCall, startTestServer, type TestServer } from './support.js'

// The local server with WEBHOOK_DATABASE_URLS naming amoy: amoy's webhook calls, owner routes and triggers reach
// that database; polygon's stay in the store (DATABASE_URL).

let server: TestServer
let receiver: TestReceiver
let storeUrl: string
let amoyUrl: string
let owner: Record<string, string>

beforeAll(async () => {
  ;[storeUrl, amoyUrl] = await Promise.all([createTestDatabase('webhook_store'), createTestDatabase('webhook_amoy')])
  server = await startTestServer({
    databaseUrl: storeUrl,
    webhookDatabases: [{ network: 'amoy', databaseUrl: amoyUrl }],
  })
  owner = { 'X-Access-Key': server.accessKey, Authorization: `BEARER ${server.secretKey}` }
  receiver = await startTestReceiver()
})
afterAll(async () => {
  await server?.close()
  await receiver?.close()
})

async function listenerIdsIn(databaseUrl: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    return (await client.query<{ id: string }>('select id from webhook_listeners order by id')).rows.map(
      (row) => row.id,
    )
  } finally {
    await client.end()
  }
}

const ownerUrl = (network: string, listenerId: string, action: string) =>
  `${server.url}/${network}-indexer/webhooks/${listenerId}/${action}`

it("keeps each network's listeners in its database and reaches them through that network only", async () => {
  const add = async (network: 'polygon' | 'amoy') =>
    (await clientsFor(server, network).indexer.addWebhookListener({ url: receiver.url, filters: streamFilters() }))
      .listener
  const onAmoy = await add('amoy')
  const onPolygon = await add('polygon')
  receiver.useSecret(onAmoy.secret!)
  expect(await listenerIdsIn(amoyUrl)).toEqual([onAmoy.id])
  expect(await listenerIdsIn(storeUrl)).toEqual([onPolygon.id])

  const fired = await rawCall(ownerUrl('amoy', onAmoy.id, 'trigger/transfer'), jsonPost({}, owner))
  expect(fired.status).toBe(200)
  const [uid] = (fired.json as { uids: string[] }).uids
  await waitUntil(() => receiver.delivered.some((payload) => payload.uid === uid), 'the amoy delivery arrives')
  const report = (await rawCall(ownerUrl('amoy', onAmoy.id, 'deliveries'), { headers: owner })).json as DeliveryReport
  expect(report.deliveries.map((delivery) => delivery.uid)).toEqual([uid])
  const elsewhere = await rawCall(ownerUrl('polygon', onAmoy.id, 'deliveries'), { headers: owner })
  expect(elsewhere.json).toMatchObject({ error: 'NotFound' })

  const projectId = String(server.projectId)
  await expect(
    clientsFor(server, 'polygon').indexer.removeWebhookListener({ id: onAmoy.id, projectId }),
  ).rejects.toBeInstanceOf(NotFoundError)
  expect(await clientsFor(server, 'amoy').indexer.removeWebhookListener({ id: onAmoy.id, projectId })).toEqual({
    status: true,
  })
})
