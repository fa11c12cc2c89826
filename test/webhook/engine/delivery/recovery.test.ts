import { afterAll, beforeAll, expect, test } from 'vitest'
import type { DeliveryReport } from '../../../../src/webhook/index.js'
import { clientsFor, jsonPost, rawCall, startTestServer, type TestServer } from '../../../local/support.js'
import { expectDocumentedError } from '../../../server/error-shape.js'
import { transferSingleLog } from '../../support/logs.js'
import { startTestReceiver, waitUntil, type TestReceiver } from '../../support/receiver-server.js'

/**
 * Recovery, end to end over the local server's HTTP routes: a receiver that keeps failing gets its listener
 * disabled (here after 1 ms of failures instead of 5 days), the reason in the deliveries route; once it is
 * back, its owner recovers what failed since a time and resends one delivery. Each is a new attempt with the
 * same webhook-id, which the receiver verifies.
 */
const POLYGON = 137
const CONTRACT = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const ALICE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const ZERO = '0x0000000000000000000000000000000000000000'
const TRANSFER_SINGLE =
  'TransferSingle(address indexed operator, address indexed from, address indexed to, uint256 id, uint256 value)'

let server: TestServer
let receiver: TestReceiver
let owner: Record<string, string>

beforeAll(async () => {
  server = await startTestServer({ webhookDisableFailingAfterMs: 1 })
  receiver = await startTestReceiver()
  owner = { 'X-Access-Key': server.accessKey, Authorization: `BEARER ${server.secretKey}` }
})
afterAll(async () => {
  await receiver?.close()
  await server?.close()
})

const listenerUrl = (listenerId: string, action: string) =>
  `${server.url}/polygon-indexer/webhooks/${listenerId}/${action}`
const report = async (listenerId: string) =>
  (await rawCall(listenerUrl(listenerId, 'deliveries'), { headers: owner })).json as DeliveryReport
const states = async (listenerId: string) =>
  (await report(listenerId)).deliveries.map((delivery) => delivery.state).sort()

test('a failing listener is disabled with its reason; recover-since and resend send again with the same webhook-id', async () => {
  receiver.answerWith(500)
  const { listener } = await clientsFor(server).indexer.addWebhookListener({
    url: receiver.url,
    filters: { contractAddresses: [CONTRACT], events: [TRANSFER_SINGLE] },
  })
  receiver.useSecret(listener.secret!)
  const since = new Date().toISOString()
  const uids: string[] = []
  for (const id of [1n, 2n]) {
    const ingested = await server.webhooks.ingest(POLYGON, transferSingleLog(CONTRACT, ALICE, ZERO, ALICE, id, 1n))
    uids.push(...ingested.uids)
  }
  expect(uids).toHaveLength(2)

  await waitUntil(
    async () => JSON.stringify(await states(listener.id)) === '["cancelled","cancelled"]',
    'the listener is disabled and its deliveries cancelled',
  )
  const disabled = await report(listener.id)
  expect(disabled.active).toBe(false)
  expect(disabled.disabledReason).toMatch(/^no successful delivery since \d{4}-\d\d-\d\dT[\d:.]+Z \(1 ms or more\)$/)
  expect(disabled.deliveries.every((delivery) => delivery.lastError?.startsWith('listener disabled: '))).toBe(true)
  expect(server.webhooks.activeListeners).toBe(0)

  receiver.answerWith(undefined)
  const recovered = await rawCall(listenerUrl(listener.id, 'recover'), jsonPost({ since }, owner))
  expect(recovered.status, recovered.text).toBe(200)
  expect(recovered.json).toEqual({ listenerId: listener.id, since, requeued: 2 })
  await waitUntil(() => receiver.delivered.length === 2, 'both recovered deliveries reach the app')
  expect(receiver.delivered.map((payload) => payload.uid).sort()).toEqual([...uids].sort())
  await waitUntil(
    async () => JSON.stringify(await states(listener.id)) === '["delivered","delivered"]',
    'both are delivered',
  )
  const afterRecovery = await report(listener.id)
  expect(afterRecovery.active).toBe(true)
  expect(afterRecovery.disabledReason).toBeUndefined()

  // Resending a delivered one: one more request with the same webhook-id (the app's receiver drops it as a duplicate).
  const arrivedBefore = receiver.arrived.filter((uid) => uid === uids[0]).length
  const resent = await rawCall(listenerUrl(listener.id, `deliveries/${uids[0]}/resend`), {
    method: 'POST',
    headers: owner,
  })
  expect(resent.status, resent.text).toBe(200)
  expect(resent.json).toEqual({ listenerId: listener.id, uid: uids[0], requeued: true })
  await waitUntil(
    () => receiver.arrived.filter((uid) => uid === uids[0]).length === arrivedBefore + 1,
    'the resent delivery arrives',
  )
  await waitUntil(
    async () => (await report(listener.id)).deliveries.find((d) => d.uid === uids[0])?.state === 'delivered',
    'the resent delivery is delivered again',
  )
  const history = (await report(listener.id)).deliveries.find((d) => d.uid === uids[0])!.history
  expect(history.map((attempt) => attempt.status)).toEqual([500, 200, 200])
  expect(history.map((attempt) => attempt.attempt)).toEqual([1, 2, 3])
})

test('bad recovery requests get errors of docs/errors.md', async () => {
  const { listener } = await clientsFor(server).indexer.addWebhookListener({
    url: receiver.url,
    filters: { contractAddresses: [CONTRACT], events: [TRANSFER_SINGLE] },
  })
  expectDocumentedError(
    await rawCall(listenerUrl(listener.id, 'recover'), jsonPost({ since: 'yesterday' }, owner)),
    'InvalidArgument',
  )
  expectDocumentedError(await rawCall(listenerUrl(listener.id, 'recover'), { headers: owner }), 'WebrpcBadMethod')
  expectDocumentedError(
    await rawCall(listenerUrl(listener.id, 'deliveries/0x00/resend'), { method: 'POST', headers: owner }),
    'NotFound',
  )
  expectDocumentedError(
    await rawCall(listenerUrl(listener.id, 'recover'), jsonPost({ since: '2026-01-01T00:00:00Z' })),
    'Unauthorized',
  )
})
