import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { keccak256, stringToHex } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { WebhookPayload } from '../../../gen/indexer.gen.js'
import { dumpedStore } from '../../support/store-dump.js'
import { openSql, type Sql } from '../../../src/store/sql.js'
import {
  createWebhookEngine,
  createWebhookReceiver,
  expressWebhookHandler,
  fetchWebhookHandler,
  generateSigningSecret,
  nodeWebhookHandler,
  webhookHeaders,
  type UidStore,
  type WebhookEngine,
} from '../../../src/webhook/index.js'
import { transferSingleLog } from '../support/logs.js'
import { startRawServer } from '../support/raw-server.js'
import { waitUntil } from '../support/receiver-server.js'

const CONTRACT = '0x2279B7A0a67DB372996a5FaB50D91eAA73d2eBe6'
const BOB = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const ZERO = '0x0000000000000000000000000000000000000000'

let sql: Sql
let engine: WebhookEngine
let secret: string
/** A real signed delivery, captured from the engine: body and headers exactly as sent. */
let captured: { body: string; headers: Record<string, string> }

beforeAll(async () => {
  sql = await openSql({ dataDirDump: dumpedStore() })
  engine = await createWebhookEngine({ sql, allowPrivateTargets: true, idlePollMs: 20 })
  await engine.start()
  const capture = await startRawServer((_, response) => response.writeHead(200).end())
  const listener = await engine.addListener(1, {
    url: capture.url,
    filters: {
      contractAddresses: [CONTRACT],
      events: ['TransferSingle(address indexed,address indexed,address indexed,uint256,uint256)'],
    },
  })
  secret = listener.secret!
  await engine.ingest(10, transferSingleLog(CONTRACT, BOB, ZERO, BOB, 1n, 1n))
  await waitUntil(() => capture.requests.length === 1, 'one delivery is captured')
  const request = capture.requests[0]!
  captured = {
    body: request.body,
    headers: Object.fromEntries(
      ['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((name) => [name, request.headers[name] as string]),
    ),
  }
  await capture.close()
})
afterAll(async () => {
  await engine?.stop()
  await sql?.close()
})

function receiverWith(
  options: { secret?: string; now?: () => number; toleranceSeconds?: number; uids?: UidStore } = {},
) {
  const seen: WebhookPayload[] = []
  const receiver = createWebhookReceiver({
    ...options,
    secret: options.secret ?? secret,
    onDelivery: (payload) => void seen.push(payload),
  })
  return { receiver, seen }
}

const lookup = (headers: Record<string, string>) => (name: string) => headers[name]

describe('receiver helper', () => {
  test('accepts the engine delivery, hands the payload to the app once, answers duplicates 200', async () => {
    const { receiver, seen } = receiverWith()
    const first = await receiver.handle(captured.body, lookup(captured.headers))
    const second = await receiver.handle(captured.body, lookup(captured.headers))
    expect(first).toEqual({ status: 200, body: { ok: true, uid: captured.headers['webhook-id'], duplicate: false } })
    expect(second).toEqual({ status: 200, body: { ok: true, uid: captured.headers['webhook-id'], duplicate: true } })
    expect(seen).toEqual([JSON.parse(captured.body)])
  })

  test('the same delivery arriving twice at once runs the app once', async () => {
    const { receiver, seen } = receiverWith()
    const results = await Promise.all([
      receiver.handle(captured.body, lookup(captured.headers)),
      receiver.handle(captured.body, lookup(captured.headers)),
    ])
    expect(results.map((result) => result.status)).toEqual([200, 200])
    expect(seen).toHaveLength(1)
  })

  test('a BLOCK_REMOVED goes to onRemoved, never to onDelivery; without onRemoved it is answered 200 and ignored', async () => {
    const added = JSON.parse(captured.body) as WebhookPayload
    const removed = { ...added, type: 'BLOCK_REMOVED', uid: keccak256(stringToHex(`${added.uid}:removed`)) }
    const body = JSON.stringify(removed)
    const headers = webhookHeaders(secret, removed.uid, Math.floor(Date.now() / 1000), body)
    const undone: WebhookPayload[] = []
    const { receiver: withoutOnRemoved, seen } = receiverWith()
    const withOnRemoved = createWebhookReceiver({
      secret,
      onDelivery: (payload) => void seen.push(payload),
      onRemoved: (payload) => void undone.push(payload),
    })
    expect(await withOnRemoved.handle(body, lookup(headers))).toEqual({
      status: 200,
      body: { ok: true, uid: removed.uid, duplicate: false },
    })
    expect(await withoutOnRemoved.handle(body, lookup(headers))).toEqual({
      status: 200,
      body: { ok: true, uid: removed.uid, duplicate: false, ignored: true },
    })
    expect(undone).toEqual([removed])
    expect(seen).toEqual([])
  })

  test('a handler that throws answers 500 and the retry reaches the app again', async () => {
    let calls = 0
    const receiver = createWebhookReceiver({
      secret,
      onDelivery: () => {
        if (++calls === 1) throw new Error('database busy')
      },
    })
    expect(await receiver.handle(captured.body, lookup(captured.headers))).toEqual({
      status: 500,
      body: { ok: false, error: 'handler_failed', message: 'database busy' },
    })
    expect((await receiver.handle(captured.body, lookup(captured.headers))).status).toBe(200)
    expect(calls).toBe(2)
  })

  test.each([
    [
      'a missing webhook-signature',
      (h: Record<string, string>) => ({ ...h, 'webhook-signature': '' }),
      (b: string) => b,
      401,
      'missing_header',
      'header webhook-signature is missing',
    ],
    [
      'a timestamp that is not a number',
      (h: Record<string, string>) => ({ ...h, 'webhook-timestamp': 'yesterday' }),
      (b: string) => b,
      401,
      'invalid_timestamp',
      'webhook-timestamp "yesterday" is not Unix seconds',
    ],
    [
      'a body changed by one byte',
      (h: Record<string, string>) => h,
      (b: string) => b.replace('"BLOCK_ADDED"', '"BLOCK_REMOVED"'),
      401,
      'invalid_signature',
      'webhook-signature does not match the body signed with the listener secret',
    ],
  ] as const)('refuses %s', async (_, headers, body, status, error, message) => {
    const { receiver, seen } = receiverWith()
    const result = await receiver.handle(body(captured.body), lookup(headers(captured.headers)))
    expect(result).toEqual({ status, body: { ok: false, error, message } })
    expect(seen).toHaveLength(0)
  })

  test('refuses another secret, and timestamps outside the tolerance in either direction', async () => {
    const other = receiverWith({ secret: generateSigningSecret() })
    expect((await other.receiver.handle(captured.body, lookup(captured.headers))).body).toMatchObject({
      error: 'invalid_signature',
    })
    const sentAt = Number(captured.headers['webhook-timestamp']) * 1000
    const late = receiverWith({ now: () => sentAt + 301_000 })
    expect((await late.receiver.handle(captured.body, lookup(captured.headers))).body).toEqual({
      ok: false,
      error: 'timestamp_too_old',
      message: 'webhook-timestamp is 301s old; tolerance is 300s',
    })
    const early = receiverWith({ now: () => sentAt - 400_000 })
    expect((await early.receiver.handle(captured.body, lookup(captured.headers))).body).toEqual({
      ok: false,
      error: 'timestamp_too_new',
      message: 'webhook-timestamp is 400s in the future; tolerance is 300s',
    })
  })

  test('the timestamp tolerance is an option: a wider window accepts what the default refuses, a narrower one refuses', async () => {
    const sentAt = Number(captured.headers['webhook-timestamp']) * 1000
    const tenMinutesLate = () => sentAt + 600_000
    expect(
      (await receiverWith({ now: tenMinutesLate }).receiver.handle(captured.body, lookup(captured.headers))).body,
    ).toMatchObject({ error: 'timestamp_too_old' })
    const wide = receiverWith({ now: tenMinutesLate, toleranceSeconds: 900 })
    expect((await wide.receiver.handle(captured.body, lookup(captured.headers))).status).toBe(200)
    expect(wide.seen).toHaveLength(1)
    const narrow = receiverWith({ now: () => sentAt + 11_000, toleranceSeconds: 10 })
    expect((await narrow.receiver.handle(captured.body, lookup(captured.headers))).body).toMatchObject({
      error: 'timestamp_too_old',
      message: 'webhook-timestamp is 11s old; tolerance is 10s',
    })
  })

  test('the duplicate check uses a store the caller passes (async, shared by two receivers as by two processes)', async () => {
    const handled = new Map<string, number>()
    const shared: UidStore = {
      has: async (uid) => handled.has(uid),
      add: async (uid) => void handled.set(uid, (handled.get(uid) ?? 0) + 1),
    }
    const first = receiverWith({ uids: shared })
    const second = receiverWith({ uids: shared })
    const uid = captured.headers['webhook-id']!
    expect((await first.receiver.handle(captured.body, lookup(captured.headers))).body).toMatchObject({
      duplicate: false,
    })
    expect((await second.receiver.handle(captured.body, lookup(captured.headers))).body).toMatchObject({
      duplicate: true,
    })
    expect([first.seen.length, second.seen.length, handled.get(uid)]).toEqual([1, 0, 1])
  })

  test('a correctly signed body that breaks the payload schema is refused with the schema issues', async () => {
    const { receiver, seen } = receiverWith()
    const payload = { ...JSON.parse(captured.body), blockHash: 'not-a-hash' }
    const body = JSON.stringify(payload)
    const result = await receiver.handle(
      body,
      lookup(webhookHeaders(secret, payload.uid, Math.floor(Date.now() / 1000), body)),
    )
    expect(result.status).toBe(400)
    expect(result.body).toMatchObject({
      ok: false,
      error: 'invalid_payload',
      issues: [{ path: '/blockHash', keyword: 'pattern' }],
    })
    expect((result.body as { message: string }).message).toMatch(
      /^payload does not match the WebhookPayload schema: \/blockHash: must match pattern/,
    )
    expect(seen).toHaveLength(0)
  })

  test('a signed payload whose uid is not the webhook-id is refused', async () => {
    const { receiver } = receiverWith()
    const result = await receiver.handle(
      captured.body,
      lookup(webhookHeaders(secret, 'msg_other', Math.floor(Date.now() / 1000), captured.body)),
    )
    expect(result.body).toMatchObject({ error: 'uid_mismatch' })
  })
})

describe('receiver adapters over HTTP', () => {
  async function serve(handler: http.RequestListener) {
    const server = http.createServer(handler)
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    return {
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
      close: () => new Promise((resolve) => server.close(resolve)),
    }
  }
  const post = (url: string, body = captured.body, headers = captured.headers) =>
    fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body }).then(
      async (response) => ({ status: response.status, body: await response.json() }),
    )

  test('node:http', async () => {
    const { receiver, seen } = receiverWith()
    const server = await serve(nodeWebhookHandler(receiver))
    expect(await post(server.url)).toEqual({
      status: 200,
      body: { ok: true, uid: captured.headers['webhook-id'], duplicate: false },
    })
    expect((await post(server.url, `${captured.body} `)).status).toBe(401)
    expect(seen).toHaveLength(1)
    await server.close()
  })

  test('Express-style (req.body as raw Buffer, or an already parsed body refused with the fix)', async () => {
    const { receiver, seen } = receiverWith()
    const handler = expressWebhookHandler(receiver)
    const raw = await serve(async (request, response) => {
      const chunks: Buffer[] = []
      for await (const chunk of request) chunks.push(chunk as Buffer)
      await handler(Object.assign(request, { body: Buffer.concat(chunks) }), response)
    })
    expect((await post(raw.url)).status).toBe(200)
    const parsed = await serve(async (request, response) => {
      const chunks: Buffer[] = []
      for await (const chunk of request) chunks.push(chunk as Buffer)
      await handler(Object.assign(request, { body: JSON.parse(Buffer.concat(chunks).toString()) }), response)
    })
    expect(await post(parsed.url)).toEqual({
      status: 500,
      body: {
        ok: false,
        error: 'raw_body_required',
        message: 'the body was already parsed; mount express.raw({ type: "application/json" }) before this handler',
      },
    })
    expect(seen).toHaveLength(1)
    await raw.close()
    await parsed.close()
  })

  test('fetch API (Request → Response)', async () => {
    const { receiver, seen } = receiverWith()
    const handle = fetchWebhookHandler(receiver)
    const server = await serve(async (request, response) => {
      const chunks: Buffer[] = []
      for await (const chunk of request) chunks.push(chunk as Buffer)
      const answer = await handle(
        new Request(`http://127.0.0.1${request.url}`, {
          method: request.method,
          headers: request.headers as Record<string, string>,
          body: Buffer.concat(chunks),
        }),
      )
      response.writeHead(answer.status, { 'content-type': 'application/json' }).end(await answer.text())
    })
    expect((await post(server.url)).status).toBe(200)
    expect((await post(server.url)).body).toMatchObject({ duplicate: true })
    expect(seen).toHaveLength(1)
    await server.close()
  })
})
