import fc from 'fast-check'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { webrpcErrorTable } from '../../gen/errors.gen.js'
import { sampleCollections, sampleData } from '../../src/reference/data/sample-data.js'
import { rawCall, startTestServer, type TestServer } from '../local/support.js'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server?.close())

/** A property sends about 5,400 generated requests: minutes on a loaded 2-core machine, seconds on an idle one. */
const propertyTimeoutMs = 180_000

const heroes = sampleCollections.heroes.contractAddress
/** Each route with a valid body, so mutations land close to real calls and reach the handlers. */
const routes: [string, Record<string, unknown>][] = [
  ['/polygon/rpc/Marketplace/GetCountOfAllCollectibles', { contractAddress: heroes }],
  ['/polygon/rpc/Marketplace/GetFloorOrder', { contractAddress: heroes }],
  [
    '/polygon/rpc/Marketplace/GetOrders',
    { input: [{ contractAddress: heroes, orderId: '101', marketplace: 'unknown' }], page: { page: 1, pageSize: 2 } },
  ],
  [
    '/polygon/rpc/Marketplace/GetHighestPriceListingForCollectible',
    { contractAddress: heroes, tokenId: '1', filter: { marketplace: ['opensea'] } },
  ],
  [
    '/polygon/rpc/Marketplace/GenerateBuyTransaction',
    {
      collectionAddress: heroes,
      buyer: heroes,
      marketplace: 'platform_marketplace_v2',
      ordersData: [{ orderId: '101', quantity: '1' }],
      additionalFees: [],
    },
  ],
  ['/rpc/Metadata/TokenCollectionFilters', { chainId: '137', contractAddress: heroes }],
  ['/rpc/Builder/GetAudience', { projectId: 1, audienceId: 1 }],
  ['/polygon-relayer/rpc/Relayer/ListGasSponsors', { projectId: 1, page: { page: 1 } }],
  [
    '/polygon-indexer/rpc/Indexer/AddWebhookListener',
    {
      url: 'http://127.0.0.1:9/x',
      filters: {
        contractAddresses: [heroes],
        events: ['Transfer(address indexed from, address indexed to, uint256 indexed tokenId)'],
      },
    },
  ],
  ['/polygon-indexer/rpc/Indexer/RemoveWebhookListener', { id: 'x', projectId: '1' }],
]

/**
 * Each run sends a batch of 1–50 generated requests at once (about 25 on average): 220 runs per property
 * send about 5,400 requests, 10,800 for the file, where one request per run sent 800 in about the same time.
 * FUZZ_RUNS sets the runs per property; a failure prints its seed and path, and FUZZ_SEED with FUZZ_PATH
 * replays it.
 */
function runOptions<T>(): fc.Parameters<T> {
  return {
    numRuns: Number(process.env.FUZZ_RUNS ?? 220),
    seed: Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31),
    ...(process.env.FUZZ_PATH ? { path: process.env.FUZZ_PATH, endOnFailure: true } : {}),
  }
}
const batchOf = <T>(one: fc.Arbitrary<T>) => fc.array(one, { minLength: 1, maxLength: 50, size: 'max' })

const designedStatuses = new Set(webrpcErrorTable.filter((row) => row.status < 500).map((row) => row.status))

/** Replaces, removes or adds fields anywhere in a valid body. */
function mutated(valid: Record<string, unknown>): fc.Arbitrary<unknown> {
  const keys = Object.keys(valid)
  return fc.oneof(
    fc
      .record({ key: fc.constantFrom(...keys), value: fc.jsonValue() })
      .map(({ key, value }) => ({ ...valid, [key]: value })),
    fc.constantFrom(...keys).map((key) => Object.fromEntries(Object.entries(valid).filter(([k]) => k !== key))),
    fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 3 })).map((extra) => ({ ...valid, ...extra })),
    fc.jsonValue({ maxDepth: 4 }),
  )
}

/** Replaces one value at any depth of a valid body with random JSON, often an edge case (huge numbers, long strings). */
function deepMutated(value: unknown, depth = 0): fc.Arbitrary<unknown> {
  const edge = fc.oneof(
    fc.jsonValue({ maxDepth: 2 }),
    fc.constantFrom(1e300, -1, 2 ** 53, 0.5, '', '0', '9'.repeat(90), '0x' + 'f'.repeat(40), 'unknown', null, [], {}),
  )
  if (depth > 4 || value === null || typeof value !== 'object') return edge
  const keys = Object.keys(value)
  if (keys.length === 0) return edge
  return fc.oneof(
    edge,
    fc.constantFrom(...keys).chain((key) =>
      deepMutated((value as Record<string, unknown>)[key], depth + 1).map((inner) => {
        const copy: Record<string, unknown> = Array.isArray(value) ? ([...value] as never) : { ...value }
        copy[key] = inner
        return copy
      }),
    ),
  )
}

const request = fc.record({
  route: fc.constantFrom(...routes),
  pathNoise: fc.oneof(fc.constant(''), fc.constantFrom('/', '//', '%00', '/../x', '?q=1'), fc.string({ maxLength: 6 })),
  body: fc.oneof(
    fc
      .constantFrom(...routes)
      .chain(([, valid]) => mutated(valid))
      .map((value) => JSON.stringify(value)),
    fc.string({ maxLength: 200 }),
    fc.constant('{"a":'.repeat(50)),
  ),
  contentType: fc.constantFrom(
    'application/json',
    'application/json; charset=utf-8',
    'text/plain',
    '',
    'APPLICATION/JSON',
  ),
  accessKey: fc.oneof(
    fc.constant('valid'),
    fc.constant(''),
    fc.string({ maxLength: 40 }).filter((s) => /^[\x21-\x7e]*$/.test(s)),
  ),
  authorization: fc.oneof(
    fc.constant('valid'),
    fc.constant(''),
    fc.constantFrom('BEARER', 'Bearer x.y.z', 'Basic abc'),
    fc.string({ maxLength: 40 }).filter((s) => /^[\x21-\x7e]*$/.test(s)),
  ),
  method: fc.constantFrom('POST', 'POST', 'POST', 'GET', 'PUT', 'DELETE', 'PATCH'),
})

type RequestCase = typeof request extends fc.Arbitrary<infer T> ? T : never

/** Sends one generated request; an answer is 200 with a JSON object, or a designed error status with its documented body. */
async function answersAsDesigned(r: RequestCase): Promise<void> {
  const headers: Record<string, string> = {}
  if (r.contentType) headers['Content-Type'] = r.contentType
  if (r.accessKey) headers['X-Access-Key'] = r.accessKey === 'valid' ? server.accessKey : r.accessKey
  if (r.authorization)
    headers['Authorization'] = r.authorization === 'valid' ? `BEARER ${server.secretKey}` : r.authorization
  const hasBody = r.method !== 'GET'
  const response = await rawCall(server.url + r.route[0] + r.pathNoise, {
    method: r.method,
    headers,
    ...(hasBody ? { body: r.body } : {}),
  })
  if (response.status === 200) {
    expect(typeof response.json).toBe('object')
    return
  }
  expect(designedStatuses.has(response.status), `${response.status} ${response.text}`).toBe(true)
  const body = response.json as { error: string; code: number; status: number }
  expect(webrpcErrorTable.find((row) => row.error === body.error && row.code === body.code)?.status).toBe(
    response.status,
  )
}

it(
  'random bodies, headers and paths never crash the server or produce an undesigned 5xx',
  async () => {
    await fc.assert(
      fc.asyncProperty(batchOf(request), async (requests) => {
        await Promise.all(requests.map(answersAsDesigned))
      }),
      runOptions(),
    )
    expect(server.unexpected).toEqual([])
    const alive = await rawCall(server.url + routes[0]![0], {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Access-Key': server.accessKey },
      body: JSON.stringify(routes[0]![1]),
    })
    expect(alive.json).toEqual({
      count: sampleData.collections!.find((c) => c.contractAddress === heroes)!.tokens.length,
    })
  },
  propertyTimeoutMs,
)

/** Sends one well-formed, authenticated call; the answer is 200 or a designed error status. */
async function reachesHandlerAsDesigned({ path, body }: { path: string; body: unknown }): Promise<void> {
  const response = await rawCall(server.url + path, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'X-Access-Key': server.accessKey,
      Authorization: `BEARER ${server.secretKey}`,
    },
    body: JSON.stringify(body),
  })
  expect(
    response.status === 200 || designedStatuses.has(response.status),
    `${path} ${JSON.stringify(body)} → ${response.status} ${response.text}`,
  ).toBe(true)
}

it(
  'random values deep inside well-formed, authenticated calls reach the handlers and never produce an undesigned 5xx',
  async () => {
    const call = fc.constantFrom(...routes).chain(([path, valid]) => deepMutated(valid).map((body) => ({ path, body })))
    await fc.assert(
      fc.asyncProperty(batchOf(call), async (calls) => {
        await Promise.all(calls.map(reachesHandlerAsDesigned))
      }),
      runOptions(),
    )
    expect(server.unexpected).toEqual([])
  },
  propertyTimeoutMs,
)
