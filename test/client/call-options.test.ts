import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  createClients,
  localUrls,
  Marketplace,
  TimeoutError,
  WebrpcBadResponseError,
  WebrpcError,
  WebrpcRequestFailedError,
  type CallRequest,
  type CallResponse,
} from '../../src/entries/index.js'
import { startRecordingServer, type RecordingServer } from './support/recording-server.js'

let server: RecordingServer
beforeAll(async () => {
  server = await startRecordingServer()
})
afterAll(() => server.close())
beforeEach(() => server.reset())
afterEach(() => vi.restoreAllMocks())

const accessKey = 'ak'
const contractAddress = '0x4e10000000000000000000000000000000000721'
const unavailable = {
  status: 503,
  body: JSON.stringify({ error: 'WebrpcServerPanic', code: -6, msg: 'down', status: 503 }),
}
const counted = { status: 200, body: '{"count":7}' }

/** Answers each request with the next reply; the last one repeats. */
const replies = (...sequence: Parameters<RecordingServer['respondWith']>[0][]) => {
  let index = 0
  server.respondWith((request) => sequence[Math.min(index++, sequence.length - 1)]!(request))
}

const marketplace = (options: Partial<ConstructorParameters<typeof Marketplace>[0]> = {}) =>
  new Marketplace({ network: 'polygon', accessKey, url: `${server.origin}/{network}`, ...options })
const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.fail('should reject'),
    (error: unknown) => error,
  )

describe('retry', () => {
  it('is off by default: a 503 rejects after one request', async () => {
    replies(
      () => unavailable,
      () => counted,
    )
    expect(await rejection(marketplace().getCountOfAllCollectibles({ contractAddress }))).toBeInstanceOf(WebrpcError)
    expect(server.requests).toHaveLength(1)
  })

  it('retries a safe read after a 503 (server that answers 503 once, then 200), honouring Retry-After', async () => {
    replies(
      () => ({ ...unavailable, headers: { 'Retry-After': '0' } }),
      () => counted,
    )
    const attempts: number[] = []
    const statuses: number[] = []
    const result = await marketplace({ retry: true }).getCountOfAllCollectibles(
      { contractAddress },
      { onRequest: (r) => void attempts.push(r.attempt), onResponse: (r) => void statuses.push(r.status) },
    )
    expect(result).toEqual({ count: 7 })
    expect([attempts, statuses]).toEqual([
      [1, 2],
      [503, 200],
    ])
  })

  it('retries a transport failure (the connection closes without an answer), then stops after `attempts`', async () => {
    replies(
      () => ({ status: 0, body: '', misbehave: 'drop' }),
      () => counted,
    )
    const client = marketplace({ retry: { attempts: 2, baseDelayMs: 1 } })
    expect(await client.getCountOfAllCollectibles({ contractAddress })).toEqual({ count: 7 })
    server.reset()
    replies(() => ({ status: 0, body: '', misbehave: 'drop' }))
    expect(await rejection(client.getCountOfAllCollectibles({ contractAddress }))).toBeInstanceOf(
      WebrpcRequestFailedError,
    )
    expect(server.requests).toHaveLength(2)
  })

  it.each([429, 502, 504])('retries HTTP %i', async (status) => {
    replies(
      () => ({ status, body: '{}' }),
      () => counted,
    )
    expect(await marketplace({ retry: { baseDelayMs: 1 } }).getCountOfAllCollectibles({ contractAddress })).toEqual({
      count: 7,
    })
    expect(server.requests).toHaveLength(2)
  })

  it('does not retry a 500 or a Retry-After longer than maxDelayMs', async () => {
    replies(
      () => ({ status: 500, body: '{}' }),
      () => counted,
    )
    await rejection(marketplace({ retry: true }).getCountOfAllCollectibles({ contractAddress }))
    replies(
      () => ({ ...unavailable, headers: { 'Retry-After': '120' } }),
      () => counted,
    )
    await rejection(marketplace({ retry: { maxDelayMs: 1_000 } }).getCountOfAllCollectibles({ contractAddress }))
    expect(server.requests).toHaveLength(2)
  })

  it('never retries a method the schema does not mark @safe (AddWebhookListener)', async () => {
    replies(
      () => unavailable,
      () => ({ status: 200, body: '{"listener":{}}' }),
    )
    const { indexer } = createClients({
      network: 'polygon',
      accessKey,
      secretKey: 'sk',
      urls: localUrls(server.origin),
      retry: { baseDelayMs: 1 },
    })
    const args = { url: 'https://example.com/hook', filters: { contractAddresses: [], events: [] } }
    await rejection(indexer.addWebhookListener(args, { retry: true }))
    expect(server.requests).toHaveLength(1)
  })
})

describe('timeoutMs and abort', () => {
  it('a server that hangs: the call rejects with TimeoutError, its own error, not WebrpcRequestFailed', async () => {
    replies(() => ({ status: 0, body: '', misbehave: 'hang' }))
    const { marketplace: client } = createClients({
      network: 'polygon',
      accessKey,
      urls: localUrls(server.origin),
      timeoutMs: 100,
    })
    const error = await rejection(client.getCountOfAllCollectibles({ contractAddress }))
    expect(error).toBeInstanceOf(TimeoutError)
    expect(error).toMatchObject({
      code: 2000,
      cause: 'Marketplace.GetCountOfAllCollectibles: no answer within 100 ms (timeoutMs)',
    })
  })

  it('a per-call timeoutMs wins over the client’s, and bounds the retries too', async () => {
    replies(
      () => ({ ...unavailable, headers: { 'Retry-After': '0' } }),
      () => ({ status: 0, body: '', misbehave: 'hang' }),
    )
    const error = await rejection(
      marketplace({ timeoutMs: 60_000, retry: true }).getCountOfAllCollectibles(
        { contractAddress },
        { timeoutMs: 100 },
      ),
    )
    expect(error).toBeInstanceOf(TimeoutError)
    expect(server.requests).toHaveLength(2)
  })

  it('the caller’s abort rejects with the signal’s reason, also while waiting to retry', async () => {
    const controller = new AbortController()
    const reason = new Error('navigated away')
    replies(() => ({ ...unavailable, headers: { 'Retry-After': '3' } }))
    const call = marketplace({ retry: true, timeoutMs: 60_000 }).getCountOfAllCollectibles(
      { contractAddress },
      { signal: controller.signal, onResponse: () => controller.abort(reason) },
    )
    expect(await rejection(call)).toBe(reason)
    expect(server.requests).toHaveLength(1)
  })
})

describe('hooks', () => {
  it('run before each request and after each response, the client’s first; a request hook may add headers but never sees or replaces a key', async () => {
    const seen: string[] = []
    const client = marketplace({
      onRequest: (request: CallRequest) => {
        seen.push(`client request ${request.method} ${JSON.stringify(request.headers)}`)
        request.headers['X-Trace'] = 'abc'
        request.headers['x-access-key'] = 'stolen'
      },
      onResponse: (response: CallResponse) => void seen.push(`client response ${response.status} ${response.body}`),
    })
    server.respondWith(() => counted)
    await client.getCountOfAllCollectibles(
      { contractAddress },
      {
        headers: { 'X-Call': '1' },
        onRequest: () => void seen.push('call request'),
        onResponse: () => void seen.push('call response'),
      },
    )
    expect(seen).toEqual([
      'client request GetCountOfAllCollectibles {"X-Call":"1"}',
      'call request',
      'client response 200 {"count":7}',
      'call response',
    ])
    expect(server.requests[0]!.headers).toMatchObject({ 'x-trace': 'abc', 'x-call': '1', 'x-access-key': accessKey })
  })

  it('a hook that throws rejects the call with its error', async () => {
    const failure = new Error('blocked by policy')
    const call = marketplace().getCountOfAllCollectibles(
      { contractAddress },
      { onRequest: () => Promise.reject(failure) },
    )
    expect(await rejection(call)).toBe(failure)
    expect(server.requests).toHaveLength(0)
  })
})

describe('validateResponses (a server that breaks its schema)', () => {
  const broken = { status: 200, body: '{"count":"seven"}' }

  it("'throw' rejects with WebrpcBadResponseError naming the field", async () => {
    server.respondWith(() => broken)
    const error = await rejection(
      marketplace({ validateResponses: 'throw' }).getCountOfAllCollectibles({ contractAddress }),
    )
    expect(error).toBeInstanceOf(WebrpcBadResponseError)
    expect((error as WebrpcBadResponseError).cause).toMatch(
      /^Marketplace\.GetCountOfAllCollectibles: the response does not match its JSON Schema: \/count /,
    )
  })

  it("'warn' resolves and warns; 'off' (the default) does neither; a valid answer passes 'throw'", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    server.respondWith(() => broken)
    expect(await marketplace({ validateResponses: 'warn' }).getCountOfAllCollectibles({ contractAddress })).toEqual({
      count: 'seven',
    })
    expect(warn).toHaveBeenCalledOnce()
    expect(warn.mock.calls[0]![0]).toMatch(/GetCountOfAllCollectibles: the response does not match/)
    await marketplace().getCountOfAllCollectibles({ contractAddress })
    await marketplace({ validateResponses: 'throw' }).getCountOfAllCollectibles(
      { contractAddress },
      { validateResponses: 'off' },
    )
    expect(warn).toHaveBeenCalledOnce()
    server.respondWith(() => counted)
    expect(await marketplace({ validateResponses: 'throw' }).getCountOfAllCollectibles({ contractAddress })).toEqual({
      count: 7,
    })
  })
})

describe('the deprecated call shape (args, headers, signal)', () => {
  it('still sends the headers and honours the signal', async () => {
    await marketplace().getCountOfAllCollectibles({ contractAddress }, { 'X-Legacy': 'yes' })
    await marketplace().getCountOfAllCollectibles(
      { contractAddress },
      new Headers({ 'X-Legacy': 'headers' }),
      undefined,
    )
    expect(server.requests.map((request) => request.headers['x-legacy'])).toEqual(['yes', 'headers'])
  })
})
