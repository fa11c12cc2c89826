import { inspect } from 'node:util'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  BuilderAuth,
  Indexer,
  IndexerAuth,
  MarketplaceAuth,
  MetadataAuth,
  RelayerAuth,
  UnauthorizedError,
  WebrpcError,
  WebrpcRequestFailedError,
  createClients,
  localUrls,
} from '../../src/entries/index.js'
import { callOperation, operations } from './support/operations.js'
import { startRecordingServer, type RecordingServer } from './support/recording-server.js'

// docs/endpoints.md: every operation, by service; docs/auth.md: only the webhook operations take the secret key.
const documentedOperations = [
  'Builder.GetAudience',
  'Indexer.AddWebhookListener',
  'Indexer.RemoveWebhookListener',
  'Marketplace.GenerateBuyTransaction',
  'Marketplace.GetCountOfAllCollectibles',
  'Marketplace.GetFloorOrder',
  'Marketplace.GetHighestPriceListingForCollectible',
  'Marketplace.GetOrders',
  'Metadata.TokenCollectionFilters',
  'Relayer.ListGasSponsors',
]
const secretKeyOperations = ['Indexer.AddWebhookListener', 'Indexer.RemoveWebhookListener']
const accessKey = 'pk_test_access_7f3a'
const secretKey = 'eyJhbGciOiJIUzI1NiJ9.secret.sig'

let server: RecordingServer
beforeAll(async () => {
  server = await startRecordingServer()
})
afterAll(() => server.close())
beforeEach(() => server.reset())

const clientsFor = (keys: { accessKey: string; secretKey?: string }, fetch?: typeof globalThis.fetch) =>
  createClients({ network: 'polygon', ...keys, fetch, urls: localUrls(server.origin) })

describe('headers of each operation', () => {
  it('covers every operation of docs/endpoints.md', () => {
    expect(
      operations()
        .map((o) => `${o.service}.${o.method}`)
        .sort(),
    ).toEqual(documentedOperations)
  })

  for (const operation of operations()) {
    const name = `${operation.service}.${operation.method}`
    const secret = secretKeyOperations.includes(name)
    it(`${name}: X-Access-Key, and Authorization ${secret ? 'BEARER <secretKey>' : 'absent'}`, async () => {
      await callOperation(clientsFor({ accessKey, secretKey }), operation)
      expect(server.requests).toHaveLength(1)
      const { method, target, headers } = server.requests[0]!
      expect(method).toBe('POST')
      expect(target.endsWith(`/rpc/${operation.service}/${operation.method}`)).toBe(true)
      expect(headers['content-type']).toBe('application/json')
      expect(headers['x-access-key']).toBe(accessKey)
      expect(headers.authorization).toBe(secret ? `BEARER ${secretKey}` : undefined)
    })
  }

  it('the <Service>Auth descriptors say the same, for the server host', () => {
    const descriptors: Record<string, Record<string, string>> = {
      Builder: BuilderAuth,
      Indexer: IndexerAuth,
      Marketplace: MarketplaceAuth,
      Metadata: MetadataAuth,
      Relayer: RelayerAuth,
    }
    for (const { service, method } of operations()) {
      expect(descriptors[service]![method]).toBe(
        secretKeyOperations.includes(`${service}.${method}`) ? 'secretKey' : 'accessKey',
      )
    }
    expect(
      Object.entries(descriptors)
        .flatMap(([service, methods]) => Object.keys(methods).map((m) => `${service}.${m}`))
        .sort(),
    ).toEqual(documentedOperations)
  })
})

describe('fail-fast', () => {
  it('a secret-key call without a secret key rejects with UnauthorizedError, sending nothing', async () => {
    const clients = clientsFor({ accessKey })
    for (const call of [
      () => clients.indexer.addWebhookListener({ url: 'https://hook', filters: { contractAddresses: [], events: [] } }),
      () => clients.indexer.removeWebhookListener({ id: '1', projectId: '2' }),
    ]) {
      const error = await call().then(
        () => undefined,
        (e: unknown) => e,
      )
      expect(error).toBeInstanceOf(UnauthorizedError)
      expect(error).toMatchObject({ code: 1000, status: 401, msg: 'Unauthorized access' })
      expect(String((error as WebrpcError).cause)).toMatch(
        /Indexer\.\w+WebhookListener needs an accessKey and a secretKey/,
      )
    }
    expect(server.requests).toHaveLength(0)
    await clients.marketplace.getFloorOrder({ contractAddress: '0x' })
    expect(server.requests).toHaveLength(1)
  })

  it('any call without an access key rejects with UnauthorizedError, sending nothing', async () => {
    const clients = clientsFor({ accessKey: '', secretKey })
    for (const operation of operations()) {
      await expect(callOperation(clients, operation)).rejects.toBeInstanceOf(UnauthorizedError)
    }
    expect(server.requests).toHaveLength(0)
  })
})

describe('keys stay out of sight', () => {
  const leaks = (text: string) => text.includes(accessKey) || text.includes(secretKey)

  it('not in the client object, its JSON or its inspection', () => {
    const { indexer } = clientsFor({ accessKey, secretKey })
    expect(leaks(JSON.stringify(indexer))).toBe(false)
    expect(leaks(inspect(indexer, { depth: 5, showHidden: true }))).toBe(false)
  })

  it('not in errors, even when the server or the fetch echo them', async () => {
    server.respondWith(({ headers }) => ({
      status: 401,
      body: JSON.stringify({
        error: 'Unauthorized',
        code: 1000,
        msg: `bad key ${headers['x-access-key']}`,
        cause: String(headers.authorization),
        status: 401,
      }),
    }))
    const echoingFetch: typeof fetch = (_input, init) =>
      Promise.reject(new Error(`refused ${JSON.stringify(init?.headers)}`))
    const unknownCode = () =>
      server.respondWith(({ headers }) => ({
        status: 400,
        body: JSON.stringify({ code: 77, msg: 'x', token: headers.authorization }),
      }))
    const errors: unknown[] = []
    const collect = (promise: Promise<unknown>) =>
      promise.then(
        () => expect.fail('should reject'),
        (e: unknown) => errors.push(e),
      )
    await collect(clientsFor({ accessKey, secretKey }).indexer.removeWebhookListener({ id: '1', projectId: '2' }))
    await collect(
      clientsFor({ accessKey, secretKey }, echoingFetch).indexer.removeWebhookListener({ id: '1', projectId: '2' }),
    )
    unknownCode()
    await collect(clientsFor({ accessKey, secretKey }).indexer.removeWebhookListener({ id: '1', projectId: '2' }))
    await collect(clientsFor({ accessKey }).indexer.removeWebhookListener({ id: '1', projectId: '2' }))
    expect(errors).toHaveLength(4)
    expect(errors[0]).toBeInstanceOf(UnauthorizedError)
    expect(errors[1]).toBeInstanceOf(WebrpcRequestFailedError)
    for (const error of errors as WebrpcError[]) {
      for (const text of [
        error.message,
        String(error),
        JSON.stringify(error),
        String(error.cause),
        String(error.stack),
        JSON.stringify(error.payload ?? null),
        inspect(error),
      ]) {
        expect(leaks(text)).toBe(false)
      }
    }
    expect((errors[0] as WebrpcError).msg).toBe('bad key [redacted]')
  })
})

describe('per-call options keep working', () => {
  it('per-call headers are sent, except the ones the client owns', async () => {
    const clients = clientsFor({ accessKey, secretKey })
    await clients.marketplace.getFloorOrder(
      { contractAddress: '0x' },
      { 'X-Request-Id': 'r1', 'x-access-key': 'other', Authorization: 'BEARER other' },
    )
    await clients.indexer.removeWebhookListener(
      { id: '1', projectId: '2' },
      new Headers({ 'x-request-id': 'r2', authorization: 'BEARER other' }),
    )
    const [floor, remove] = server.requests
    expect(floor!.headers).toMatchObject({ 'x-request-id': 'r1', 'x-access-key': accessKey })
    expect(floor!.headers.authorization).toBeUndefined()
    expect(remove!.headers).toMatchObject({
      'x-request-id': 'r2',
      'x-access-key': accessKey,
      authorization: `BEARER ${secretKey}`,
    })
  })

  it('an AbortSignal aborts the call, which rejects with the signal’s reason as fetch does', async () => {
    const controller = new AbortController()
    const reason = new Error('the user left the page')
    server.respondWith(() => {
      controller.abort(reason)
      return { status: 200, body: '{}', delay: 5_000 }
    })
    const { relayer } = clientsFor({ accessKey })
    await expect(relayer.listGasSponsors({ projectId: 1 }, { signal: controller.signal })).rejects.toBe(reason)
    // The deprecated (args, headers, signal) shape: an already aborted signal sends nothing.
    await expect(relayer.listGasSponsors({ projectId: 1 }, undefined, AbortSignal.abort())).rejects.toMatchObject({
      name: 'AbortError',
    })
    // The in-flight call reached the server; the one aborted beforehand never left the client.
    expect(server.requests).toHaveLength(1)
    expect(server.requests[0]!.target).toMatch(/\/rpc\/Relayer\/ListGasSponsors$/)
  })

  it('a custom fetch receives every request', async () => {
    const seen: string[] = []
    const countingFetch: typeof fetch = (input, init) => {
      seen.push(String(input))
      return fetch(input, init)
    }
    const indexer = new Indexer({
      network: 'xai',
      accessKey,
      secretKey,
      url: `${server.origin}/{network}-indexer`,
      fetch: countingFetch,
    })
    await indexer.removeWebhookListener({ id: '1', projectId: '2' })
    expect(seen).toEqual([`${server.origin}/xai-indexer/rpc/Indexer/RemoveWebhookListener`])
    expect(server.requests).toHaveLength(1)
  })
})
