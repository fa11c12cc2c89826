import { request } from 'node:http'
import { createServer, type AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { issueSecretKey } from '../../../src/local/credentials.js'
import { otherProject } from '../../../src/reference/data/sample-data.js'
import type { DeliveryReport } from '../../../src/webhook/index.js'
import { DEFAULT_HISTORY_RETENTION_MS } from '../../../src/webhook/engine/store/history-retention.js'
import { expectDocumentedError } from '../../server/error-shape.js'
import { transferSingleLog } from '../../webhook/support/logs.js'
import { startRawServer } from '../../webhook/support/raw-server.js'
import { waitUntil } from '../../webhook/support/receiver-server.js'
import { clientsFor, rawCall, startTestServer, type TestServer } from '../support.js'

const POLYGON = 137
const CONTRACT = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const ALICE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const TRANSFER_SINGLE =
  'TransferSingle(address indexed operator, address indexed from, address indexed to, uint256 id, uint256 value)'
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/

let server: TestServer
let owner: Record<string, string>

beforeAll(async () => {
  server = await startTestServer()
  owner = { 'X-Access-Key': server.accessKey, Authorization: `BEARER ${server.secretKey}` }
})
afterAll(() => server?.close())

const deliveriesUrl = (listenerId: string, network = 'polygon') =>
  `${server.url}/${network}-indexer/webhooks/${listenerId}/deliveries`
const report = async (listenerId: string) =>
  (await rawCall(deliveriesUrl(listenerId), { headers: owner })).json as DeliveryReport

/** A loopback port nothing listens on: the receiver is down. */
async function closedPort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as AddressInfo
  await new Promise<void>((resolve) => probe.close(() => resolve()))
  return port
}

/** A listener on its own contract, and one log of that contract for it. */
async function listenAndIngest(url: string, contract: string): Promise<{ listenerId: string; uid: string }> {
  const { listener } = await clientsFor(server).indexer.addWebhookListener({
    url,
    filters: { contractAddresses: [contract], events: [TRANSFER_SINGLE] },
  })
  const { uids } = await server.webhooks.ingest(
    POLYGON,
    transferSingleLog(contract, ALICE, '0x0000000000000000000000000000000000000000', ALICE, 7n, 1n),
  )
  expect(uids).toHaveLength(1)
  return { listenerId: listener.id, uid: uids[0]! }
}

describe('GET /<network>-indexer/webhooks/<listenerId>/deliveries', () => {
  it('shows the owner each attempt while the receiver is down, with its time and error', async () => {
    const { listenerId, uid } = await listenAndIngest(
      `http://127.0.0.1:${await closedPort()}/hook`,
      '0x00000000000000000000000000000000000d0001',
    )
    await waitUntil(
      async () => (await report(listenerId)).deliveries[0]?.history.length === 1,
      'the first attempt is recorded',
    )

    const response = await rawCall(deliveriesUrl(listenerId), { headers: owner })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^application\/json/)
    expect(response.headers.get('cache-control')).toBe('no-store')
    const body = response.json as DeliveryReport
    expect(body).toEqual({
      listenerId,
      active: true,
      historyRetentionMs: DEFAULT_HISTORY_RETENTION_MS,
      deliveries: [
        {
          uid,
          type: 'BLOCK_ADDED',
          state: 'pending',
          attempts: 1,
          nextAttemptAt: expect.stringMatching(ISO),
          lastError: expect.any(String),
          history: [
            { attempt: 1, at: expect.stringMatching(ISO), error: expect.any(String), durationMs: expect.any(Number) },
          ],
        },
      ],
    })
    expect(body.deliveries[0]!.history[0]!.error).toBe(body.deliveries[0]!.lastError)
    expect(body.deliveries[0]!.lastError).not.toBe('')
    expect(JSON.stringify(body)).not.toContain('whsec_')
  })

  it('shows a final failure: 410 Gone fails the delivery and disables the listener', async () => {
    const gone = await startRawServer((_, response) => response.writeHead(410).end())
    try {
      const { listenerId, uid } = await listenAndIngest(gone.url, '0x00000000000000000000000000000000000d0002')
      await waitUntil(
        async () => (await report(listenerId)).deliveries[0]?.state === 'failed',
        'the delivery has failed',
      )
      expect(await report(listenerId)).toEqual({
        listenerId,
        active: false,
        disabledReason: 'receiver answered 410 Gone',
        historyRetentionMs: DEFAULT_HISTORY_RETENTION_MS,
        deliveries: [
          {
            uid,
            type: 'BLOCK_ADDED',
            state: 'failed',
            attempts: 1,
            lastStatus: 410,
            lastError: 'receiver answered 410 Gone: listener disabled',
            history: [
              {
                attempt: 1,
                at: expect.stringMatching(ISO),
                status: 410,
                error: 'HTTP 410',
                durationMs: expect.any(Number),
              },
            ],
          },
        ],
      })
    } finally {
      await gone.close()
    }
  })

  it('answers on the <network>-indexer. host prefix too', async () => {
    const { listener } = await clientsFor(server).indexer.addWebhookListener({
      url: `http://127.0.0.1:${await closedPort()}/hook`,
      filters: { contractAddresses: [CONTRACT], events: [TRANSFER_SINGLE] },
    })
    const { port } = new URL(server.url)
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          method: 'GET',
          path: `/webhooks/${listener.id}/deliveries`,
          headers: { ...owner, Host: `polygon-indexer.localhost:${port}` },
        },
        (res) => {
          let body = ''
          res.on('data', (chunk) => (body += chunk))
          res.on('end', () => resolve({ status: res.statusCode!, body }))
        },
      )
      req.on('error', reject)
      req.end()
    })
    expect(answer.status).toBe(200)
    expect(JSON.parse(answer.body)).toEqual({
      listenerId: listener.id,
      active: true,
      historyRetentionMs: DEFAULT_HISTORY_RETENTION_MS,
      deliveries: [],
    })
  })

  it('is authenticated like the webhook RPC calls, with docs/errors.md errors', async () => {
    const { listener } = await clientsFor(server).indexer.addWebhookListener({
      url: `http://127.0.0.1:${await closedPort()}/hook`,
      filters: { contractAddresses: [CONTRACT], events: [TRANSFER_SINGLE] },
    })
    const url = deliveriesUrl(listener.id)

    expect(expectDocumentedError(await rawCall(url), 'Unauthorized').cause).toBe('missing X-Access-Key header')
    expect(
      expectDocumentedError(await rawCall(url, { headers: { 'X-Access-Key': server.accessKey } }), 'Unauthorized')
        .cause,
    ).toBe('missing Authorization: BEARER <secret key> header')
    expect(
      expectDocumentedError(
        await rawCall(url, { headers: { ...owner, Authorization: 'BEARER not.a.jwt' } }),
        'Unauthorized',
      ).cause,
    ).toBe('invalid secret key')

    const foreignSecret = await issueSecretKey(server.jwtSecret, otherProject.id)
    const foreign = { 'X-Access-Key': otherProject.accessKey, Authorization: `BEARER ${foreignSecret}` }
    expect(expectDocumentedError(await rawCall(url, { headers: foreign }), 'PermissionDenied').cause).toBe(
      `listener ${listener.id} belongs to another project`,
    )
    // The owner's access key with another project's secret key: refused as for the RPC calls.
    expectDocumentedError(
      await rawCall(url, { headers: { ...owner, Authorization: `BEARER ${foreignSecret}` } }),
      'PermissionDenied',
    )

    expect(
      expectDocumentedError(await rawCall(deliveriesUrl('no-such-listener'), { headers: owner }), 'NotFound').cause,
    ).toBe('listener no-such-listener not found')
    expect(expectDocumentedError(await rawCall(`${url}?limit=0`, { headers: owner }), 'InvalidArgument').cause).toBe(
      'limit: not an integer from 1 to 1000',
    )

    const post = await rawCall(url, { method: 'POST', headers: owner, body: '{}' })
    expectDocumentedError(post, 'WebrpcBadMethod')
    expect(post.headers.get('allow')).toBe('GET')

    // Unknown network: not this route; the host answers as for any unknown path.
    expectDocumentedError(await rawCall(deliveriesUrl(listener.id, 'nowhere'), { headers: owner }), 'WebrpcBadRoute')
    expect(server.unexpected).toEqual([])
  })
})
