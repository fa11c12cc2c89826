import fc from 'fast-check'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { isNetwork } from '../../gen/networks.gen.js'
import { repoRoot } from '../../scripts/pipeline/paths.js'
import { sampleCollections } from '../../src/reference/data/sample-data.js'

/** One of the contract's ten operations (docs/endpoints.md), with a body it answers 200 to. */
export interface Operation {
  service: 'Marketplace' | 'Metadata' | 'Builder' | 'Relayer' | 'Indexer'
  method: string
  /** Needs the secret key as well as the access key (docs/auth.md). */
  secret: boolean
  valid: Record<string, unknown>
  /** The body's required arguments, read from the operation's request JSON Schema. */
  required: string[]
}

/** Stands for the id of a listener that exists when the request is sent (the sender fills it in). */
export const EXISTING_LISTENER = '<existing listener>'

const heroes = sampleCollections.heroes.contractAddress
const transfer = 'Transfer(address indexed from, address indexed to, uint256 indexed tokenId)'

const operation = (service: Operation['service'], method: string, valid: Record<string, unknown>): Operation => {
  const schema = join(repoRoot, 'gen/schemas', service.toLowerCase(), `${method}Request.json`)
  const { required } = JSON.parse(readFileSync(schema, 'utf8')) as { required: string[] }
  return { service, method, secret: service === 'Indexer', valid, required }
}

export const operations: Operation[] = [
  operation('Marketplace', 'GetCountOfAllCollectibles', { contractAddress: heroes }),
  operation('Marketplace', 'GetFloorOrder', { contractAddress: heroes }),
  operation('Marketplace', 'GetOrders', {
    input: [{ contractAddress: heroes, orderId: '101', marketplace: 'unknown' }],
    page: { page: 1, pageSize: 2 },
  }),
  operation('Marketplace', 'GetHighestPriceListingForCollectible', {
    contractAddress: heroes,
    tokenId: '1',
    filter: { marketplace: ['opensea'] },
  }),
  operation('Marketplace', 'GenerateBuyTransaction', {
    collectionAddress: heroes,
    buyer: heroes,
    marketplace: 'platform_marketplace_v2',
    ordersData: [{ orderId: '101', quantity: '1' }],
    additionalFees: [],
  }),
  operation('Metadata', 'TokenCollectionFilters', { chainId: '137', contractAddress: heroes }),
  operation('Builder', 'GetAudience', { projectId: 1, audienceId: 1 }),
  operation('Relayer', 'ListGasSponsors', { projectId: 1, page: { page: 1 } }),
  operation('Indexer', 'AddWebhookListener', {
    url: 'http://127.0.0.1:9/x',
    filters: { contractAddresses: [heroes], events: [transfer] },
  }),
  operation('Indexer', 'RemoveWebhookListener', { id: EXISTING_LISTENER, projectId: '1' }),
]

export const operationName = (op: Operation) => `${op.service}.${op.method}`

/** The route of an operation on a network (docs/endpoints.md), as localUrls builds it for the local server. */
export function routeOf(op: Operation, network: string, service: string = op.service, method = op.method): string {
  const rpc = `/rpc/${service}/${method}`
  switch (op.service) {
    case 'Marketplace':
      return `/${network}${rpc}`
    case 'Relayer':
    case 'Indexer':
      return `/${network}-${op.service.toLowerCase()}${rpc}`
    default:
      // Metadata and Builder take no network: one given in the path is a route they do not have.
      return network === 'polygon' ? rpc : `/${network}${rpc}`
  }
}

/** A key the sender fills in: the server's own, the other sample project's, or an expired secret key. */
export type KeyToken = { key: 'valid' | 'other' | 'expired' | 'none' } | { key: 'literal'; value: string }

/** One thing wrong with an otherwise valid request; `expected` is docs/errors.md's answer when it is the only one. */
export type Fault =
  | { kind: 'unknown method'; suffix: string }
  | { kind: 'unknown service'; name: string }
  | { kind: 'unknown network'; network: string }
  | { kind: 'HTTP method'; method: string }
  | { kind: 'content type'; value: string | undefined }
  | { kind: 'malformed JSON'; body: string }
  | { kind: 'not an object'; json: unknown }
  | { kind: 'not UTF-8' }
  | { kind: 'oversized body' }
  | { kind: 'wrong type'; key: string; value: unknown }
  | { kind: 'missing field'; key: string }
  | { kind: 'unknown field'; key: string; value: unknown }
  | { kind: 'random body'; body: string }
  | { kind: 'access key'; token: KeyToken }
  | { kind: 'secret key'; token: KeyToken }

export interface FuzzRequest {
  operation: Operation
  faults: Fault[]
}

const printable = (maxLength: number) => fc.string({ maxLength }).filter((s) => /^[\x21-\x7e]*$/.test(s))
const jsonTypeOf = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value)
/** A JSON value of another type than `value`'s, never null (an optional argument may be null). */
const otherTypeThan = (value: unknown) =>
  fc
    .oneof(
      fc.string({ maxLength: 8 }),
      fc.integer(),
      fc.boolean(),
      fc.array(fc.integer(), { maxLength: 2 }),
      fc.object({ maxDepth: 1 }),
    )
    .filter((candidate) => jsonTypeOf(candidate) !== jsonTypeOf(value))

function faultsOf(op: Operation): fc.Arbitrary<Fault> {
  const keys = Object.keys(op.valid)
  const literalKey = printable(40).map((value): KeyToken => (value ? { key: 'literal', value } : { key: 'none' }))
  // Weighted so that each operation meets each fault alone often enough in one run: the key faults have several
  // answers each (docs/auth.md), and the secret key decides only the Indexer's.
  const weighted = <T>(weight: number, arbitrary: fc.Arbitrary<T>) => ({ weight, arbitrary })
  return fc.oneof(
    fc.record({ kind: fc.constant('unknown method' as const), suffix: fc.stringMatching(/^[A-Za-z0-9_]{1,6}$/) }),
    fc.record({
      kind: fc.constant('unknown service' as const),
      name: fc.constantFrom('Nope', op.service.toLowerCase(), op.service.toUpperCase()),
    }),
    fc.record({
      kind: fc.constant('unknown network' as const),
      network: fc
        .oneof(fc.constantFrom('mars', 'Polygon', 'polygon2', 'eth'), fc.stringMatching(/^[a-z]{1,10}$/))
        .filter((network) => !isNetwork(network)),
    }),
    fc.record({ kind: fc.constant('HTTP method' as const), method: fc.constantFrom('GET', 'PUT', 'DELETE', 'PATCH') }),
    fc.record({
      kind: fc.constant('content type' as const),
      value: fc.constantFrom(undefined, 'text/plain', 'application/xml', 'application/jsonx', 'multipart/form-data'),
    }),
    fc.record({
      kind: fc.constant('malformed JSON' as const),
      body: fc.oneof(
        fc.constantFrom('', '{', '{"a":'.repeat(50), "{'a':1}", '{"a":1,}', 'nul'),
        fc
          .json()
          .map((json) => json.slice(0, -1))
          .filter((json) => json.length > 0 && !isJson(json)),
      ),
    }),
    fc.record({
      kind: fc.constant('not an object' as const),
      json: fc.oneof(
        fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }),
        fc.string(),
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.boolean(),
        fc.constant(null),
      ),
    }),
    fc.constant({ kind: 'not UTF-8' as const }),
    fc.constant({ kind: 'oversized body' as const }),
    fc.oneof(
      ...keys.map((key) =>
        fc.record({
          kind: fc.constant('wrong type' as const),
          key: fc.constant(key),
          value: otherTypeThan(op.valid[key]),
        }),
      ),
    ),
    fc.record({ kind: fc.constant('missing field' as const), key: fc.constantFrom(...op.required) }),
    fc.record({
      kind: fc.constant('unknown field' as const),
      key: fc.stringMatching(/^[a-z][A-Za-z]{0,8}$/).filter((key) => !(key in op.valid)),
      value: fc.jsonValue({ maxDepth: 2 }),
    }),
    fc.record({ kind: fc.constant('random body' as const), body: fc.string({ maxLength: 200 }) }),
    weighted(
      3,
      fc.record({
        kind: fc.constant('access key' as const),
        token: fc.oneof(fc.constant<KeyToken>({ key: 'none' }), fc.constant<KeyToken>({ key: 'other' }), literalKey),
      }),
    ),
    weighted(
      op.secret ? 3 : 1,
      fc.record({
        kind: fc.constant('secret key' as const),
        token: fc.oneof(
          weighted(2, fc.constant<KeyToken>({ key: 'expired' })),
          fc.constantFrom<KeyToken>({ key: 'none' }, { key: 'other' }),
          fc
            .constantFrom('Bearer x.y.z', 'Basic abc', 'BEARER', 'bearer ')
            .map((value): KeyToken => ({ key: 'literal', value })),
          literalKey,
        ),
      }),
    ),
  )
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text)
    return true
  } catch {
    return false
  }
}

/**
 * A request of any operation with nothing wrong (1 in 17: each answer of the handlers costs more than an error
 * of the host), one thing wrong (12 in 17) or two (4 in 17).
 */
export const fuzzRequest: fc.Arbitrary<FuzzRequest> = fc.oneof(
  // Built once per operation: building the arbitraries again for each generated value (fc.chain) took most of a run.
  ...operations.map((op) => {
    const fault = faultsOf(op)
    return fc.record({
      operation: fc.constant(op),
      faults: fc.oneof(
        { arbitrary: fc.constant<Fault[]>([]), weight: 1 },
        { arbitrary: fc.tuple(fault), weight: 12 },
        { arbitrary: fc.tuple(fault, fault), weight: 4 },
      ),
    })
  }),
)

/** The answer docs/errors.md and docs/auth.md give when `fault` is all that is wrong with a call of `op`. */
export function expectedAnswer(op: Operation, fault: Fault): string | undefined {
  switch (fault.kind) {
    case 'unknown method':
    case 'unknown service':
    case 'unknown network':
      return 'WebrpcBadRoute'
    case 'HTTP method':
      return 'WebrpcBadMethod'
    case 'content type':
    case 'malformed JSON':
    case 'not an object':
    case 'not UTF-8':
    case 'oversized body':
    case 'wrong type':
    case 'missing field':
    case 'unknown field':
      return 'WebrpcBadRequest'
    case 'random body':
      return undefined
    case 'access key':
      if (fault.token.key !== 'other') return 'Unauthorized'
      // Another project's access key: its own calls answer; the sample project's resources and secret key are not its.
      return op.service === 'Marketplace' || op.service === 'Metadata' ? 'ok' : 'PermissionDenied'
    case 'secret key':
      // The contract leaves the secret key on other operations open (docs/auth.md): any designed answer.
      if (!op.secret) return undefined
      return fault.token.key === 'other'
        ? 'PermissionDenied'
        : fault.token.key === 'expired'
          ? 'SessionExpired'
          : 'Unauthorized'
  }
}
