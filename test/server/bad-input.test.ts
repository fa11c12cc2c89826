import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { issueSecretKey } from '../../src/local/credentials.js'
import { otherProject, sampleCollections } from '../../src/reference/data/sample-data.js'
import { jsonPost, rawCall, startTestServer, type TestServer } from '../local/support.js'
import { expectDocumentedError } from './error-shape.js'

let server: TestServer
let keys: { access: string; secret: string; expired: string; foreign: string; wrongSigner: string }
let foreignListenerId: string

beforeAll(async () => {
  server = await startTestServer()
  keys = {
    access: server.accessKey,
    secret: server.secretKey,
    expired: await issueSecretKey(server.jwtSecret, server.projectId, Math.floor(Date.now() / 1000) - 60),
    foreign: await issueSecretKey(server.jwtSecret, otherProject.id),
    wrongSigner: await issueSecretKey('another-secret-entirely', server.projectId),
  }
  const created = await rawCall(
    `${server.url}/polygon-indexer/rpc/Indexer/AddWebhookListener`,
    jsonPost(listenerArgs, { 'X-Access-Key': otherProject.accessKey, Authorization: `BEARER ${keys.foreign}` }),
  )
  foreignListenerId = (created.json as { listener: { id: string } }).listener.id
})
afterAll(() => server?.close())

const heroes = sampleCollections.heroes.contractAddress
const floor = '/polygon/rpc/Marketplace/GetFloorOrder'
const addListener = '/polygon-indexer/rpc/Indexer/AddWebhookListener'
const listenerArgs = {
  url: 'http://127.0.0.1:9/hook',
  filters: {
    contractAddresses: [heroes],
    events: ['Transfer(address indexed from, address indexed to, uint256 indexed tokenId)'],
  },
}

interface BadInput {
  name: string
  path: string
  init: () => RequestInit
  error: string
  cause?: RegExp
}

/** EIP-55's own example address with the case of one letter flipped: mixed case, wrong checksum. */
const badChecksumAddress = '0x5AAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'

const withKey = (body: unknown, headers: Record<string, string> = {}) =>
  jsonPost(body, { 'X-Access-Key': keys.access, ...headers })

/** GenerateBuyTransaction of heroes' platform_marketplace_v2 orders, no fees. */
const buying =
  (...ordersData: { orderId: string; quantity: string }[]) =>
  () =>
    withKey({
      collectionAddress: heroes,
      buyer: heroes,
      marketplace: 'platform_marketplace_v2',
      ordersData,
      additionalFees: [],
    })

// Routes, methods, content types, malformed bodies, keys and other projects' resources in general are
// checked by the conformance kit (src/conform/checks, run against this server by test/conform/kit.test.ts);
// these rows are what it cannot know: this server's layout, data and limits.
const table: BadInput[] = [
  { name: 'empty body', path: floor, init: () => withKey(''), error: 'WebrpcBadRequest', cause: /not JSON/ },
  {
    name: 'JSON null (no arguments) where arguments are required',
    path: floor,
    init: () => withKey('null'),
    error: 'WebrpcBadRequest',
    cause: /contractAddress/,
  },
  {
    name: 'a JSON string instead of an object',
    path: floor,
    init: () => withKey('"x"'),
    error: 'WebrpcBadRequest',
    cause: /JSON object/,
  },
  {
    name: 'invalid UTF-8',
    path: floor,
    init: () => ({ ...withKey(''), body: new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]) }),
    error: 'WebrpcBadRequest',
    cause: /UTF-8/,
  },
  {
    name: 'wrong JSON type',
    path: floor,
    init: () => withKey({ contractAddress: 42 }),
    error: 'WebrpcBadRequest',
    cause: /\/contractAddress/,
  },
  {
    name: 'missing required field',
    path: floor,
    init: () => withKey({}),
    error: 'WebrpcBadRequest',
    cause: /contractAddress/,
  },
  {
    name: 'nested wrong type',
    path: '/polygon/rpc/Marketplace/GetOrders',
    init: () => withKey({ input: [{ contractAddress: heroes, orderId: 1, marketplace: 'unknown' }] }),
    error: 'WebrpcBadRequest',
    cause: /\/input\/0\/orderId/,
  },
  {
    name: 'bad address',
    path: floor,
    init: () => withKey({ contractAddress: '0x1234' }),
    error: 'InvalidArgument',
    cause: /contractAddress/,
  },
  {
    name: 'unknown enum value',
    path: '/polygon/rpc/Marketplace/GetOrders',
    init: () => withKey({ input: [{ contractAddress: heroes, orderId: '1', marketplace: 'bazaar' }] }),
    error: 'InvalidArgument',
    cause: /marketplace/,
  },
  {
    name: 'bad page size',
    path: '/polygon-relayer/rpc/Relayer/ListGasSponsors',
    init: () => withKey({ projectId: 1, page: { pageSize: 1000 } }),
    error: 'InvalidArgument',
    cause: /pageSize/,
  },
  {
    name: 'page 0',
    path: '/polygon-relayer/rpc/Relayer/ListGasSponsors',
    init: () => withKey({ projectId: 1, page: { page: 0 } }),
    error: 'InvalidArgument',
    cause: /page/,
  },
  {
    name: 'non-numeric chainId',
    path: '/rpc/Metadata/TokenCollectionFilters',
    init: () => withKey({ chainId: 'polygon', contractAddress: heroes }),
    error: 'InvalidArgument',
    cause: /chainId/,
  },
  {
    name: 'Marketplace without network',
    path: '/rpc/Marketplace/GetFloorOrder',
    init: () => withKey({ contractAddress: heroes }),
    error: 'WebrpcBadRoute',
    cause: /network/,
  },
  {
    name: 'Metadata with a network prefix',
    path: '/polygon/rpc/Metadata/TokenCollectionFilters',
    init: () => withKey({}),
    error: 'WebrpcBadRoute',
  },
  {
    name: 'Relayer under an unknown network',
    path: '/atlantis-relayer/rpc/Relayer/ListGasSponsors',
    init: () => withKey({ projectId: 1 }),
    error: 'WebrpcBadRoute',
    cause: /relayer/,
  },
  {
    name: 'Relayer under the indexer prefix',
    path: '/polygon-indexer/rpc/Relayer/ListGasSponsors',
    init: () => withKey({ projectId: 1 }),
    error: 'WebrpcBadRoute',
  },
  { name: 'no RPC path at all', path: '/', init: () => withKey({}), error: 'WebrpcBadRoute' },
  {
    name: 'no content type',
    path: floor,
    init: () => ({ method: 'POST', headers: { 'X-Access-Key': keys.access }, body: new Uint8Array([0x7b, 0x7d]) }),
    error: 'WebrpcBadRequest',
    cause: /Content-Type/,
  },
  {
    name: 'webhook call with a key of another signer',
    path: addListener,
    init: () => withKey(listenerArgs, { Authorization: `BEARER ${keys.wrongSigner}` }),
    error: 'Unauthorized',
  },
  {
    name: 'expired secret key',
    path: addListener,
    init: () => withKey(listenerArgs, { Authorization: `BEARER ${keys.expired}` }),
    error: 'SessionExpired',
  },
  {
    name: "another project's secret key",
    path: addListener,
    init: () => withKey(listenerArgs, { Authorization: `BEARER ${keys.foreign}` }),
    error: 'PermissionDenied',
  },
  {
    name: "removing another project's listener (by its real id)",
    path: '/polygon-indexer/rpc/Indexer/RemoveWebhookListener',
    init: () => withKey({ id: foreignListenerId, projectId: '1' }, { Authorization: `BEARER ${keys.secret}` }),
    error: 'PermissionDenied',
  },
  {
    name: 'removing a listener that does not exist',
    path: '/polygon-indexer/rpc/Indexer/RemoveWebhookListener',
    init: () => withKey({ id: 'no-such-listener', projectId: '1' }, { Authorization: `BEARER ${keys.secret}` }),
    error: 'NotFound',
  },
  {
    name: 'a project id that does not exist is another project too (ids cannot be probed)',
    path: '/rpc/Builder/GetAudience',
    init: () => withKey({ projectId: 999, audienceId: 1 }),
    error: 'PermissionDenied',
  },
  {
    name: 'a mixed-case address with a bad EIP-55 checksum',
    path: floor,
    init: () => withKey({ contractAddress: badChecksumAddress }),
    error: 'InvalidArgument',
  },
  {
    name: 'unknown audience',
    path: '/rpc/Builder/GetAudience',
    init: () => withKey({ projectId: 1, audienceId: 999 }),
    error: 'NotFound',
  },
  {
    name: 'floor of an unknown collection',
    path: floor,
    init: () => withKey({ contractAddress: '0x000000000000000000000000000000000000dead' }),
    error: 'NotFound',
  },
  {
    name: 'buying an order that does not exist',
    path: '/polygon/rpc/Marketplace/GenerateBuyTransaction',
    init: buying({ orderId: '999999', quantity: '1' }),
    error: 'NotFound',
  },
  {
    name: 'buying a cancelled listing',
    path: '/polygon/rpc/Marketplace/GenerateBuyTransaction',
    init: buying({ orderId: '106', quantity: '1' }),
    error: 'InvalidArgument',
    cause: /not active/,
  },
  {
    name: 'buying more than is listed',
    path: '/polygon/rpc/Marketplace/GenerateBuyTransaction',
    init: buying({ orderId: '101', quantity: '2' }),
    error: 'InvalidArgument',
    cause: /quantity/,
  },
  {
    name: 'a quantity with leading zeros is the same quantity (the decimal format allows them)',
    path: '/polygon/rpc/Marketplace/GenerateBuyTransaction',
    init: buying({ orderId: '101', quantity: '002' }),
    error: 'InvalidArgument',
    cause: /quantity must be 1 to 1/,
  },
  {
    name: 'a quantity larger than uint256',
    path: '/polygon/rpc/Marketplace/GenerateBuyTransaction',
    init: buying({ orderId: '101', quantity: (2n ** 256n).toString() }),
    error: 'InvalidArgument',
    cause: /quantity is larger than uint256/,
  },
  {
    name: 'webhook listener with an invalid event',
    path: addListener,
    init: () =>
      withKey(
        { ...listenerArgs, filters: { ...listenerArgs.filters, events: ['not an event'] } },
        { Authorization: `BEARER ${keys.secret}` },
      ),
    error: 'InvalidArgument',
  },
]

describe('bad input gets the exact docs/errors.md error', () => {
  it.each(table)('$name → $error', async (row) => {
    const response = await rawCall(server.url + row.path, row.init())
    const body = expectDocumentedError(response, row.error)
    if (row.cause) expect(body.cause).toMatch(row.cause)
  })

  it('answers a 405 with Allow: POST', async () => {
    const response = await rawCall(server.url + floor, { method: 'GET' })
    expect(response.headers.get('allow')).toContain('POST')
  })

  it('never logged an unexpected error for any of them', () => {
    expect(server.unexpected).toEqual([])
  })
})
