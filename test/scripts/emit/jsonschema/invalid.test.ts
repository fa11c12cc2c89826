import { describe, expect, it } from 'vitest'
import {
  type ValidationResult,
  validateRequest,
  validateResponse,
  validateWebhookPayload,
} from '../../../../src/validate/index.js'
import { operations, webhookPayload } from './support/fixtures.js'

type Body = Record<string, any>
interface InvalidCase {
  name: string
  /** `Service.Method` with request/response, or the webhook payload. */
  target: `${string}.${string} ${'request' | 'response'}` | 'webhook payload'
  break: (body: Body) => void
  path: string
  keyword: string
}

const cases: InvalidCase[] = [
  {
    name: 'missing required argument',
    target: 'Marketplace.GetCountOfAllCollectibles request',
    break: (b) => delete b.contractAddress,
    path: '/contractAddress',
    keyword: 'required',
  },
  {
    name: 'missing required field in an array item',
    target: 'Marketplace.GetOrders request',
    break: (b) => delete b.input[0].orderId,
    path: '/input/0/orderId',
    keyword: 'required',
  },
  {
    name: 'number sent as text',
    target: 'Builder.GetAudience request',
    break: (b) => (b.projectId = '5'),
    path: '/projectId',
    keyword: 'type',
  },
  {
    name: 'fractional id',
    target: 'Builder.GetAudience request',
    break: (b) => (b.audienceId = 1.5),
    path: '/audienceId',
    keyword: 'type',
  },
  {
    name: 'negative id',
    target: 'Relayer.ListGasSponsors request',
    break: (b) => (b.projectId = -1),
    path: '/projectId',
    keyword: 'minimum',
  },
  {
    name: 'uint32 overflow',
    target: 'Relayer.ListGasSponsors request',
    break: (b) => (b.page.pageSize = 2 ** 32),
    path: '/page/pageSize',
    keyword: 'maximum',
  },
  {
    name: 'unknown enum value',
    target: 'Marketplace.GetOrders request',
    break: (b) => (b.input[0].marketplace = 'ebay'),
    path: '/input/0/marketplace',
    keyword: 'enum',
  },
  {
    name: 'enum sent as its number',
    target: 'Marketplace.GenerateBuyTransaction request',
    break: (b) => (b.walletType = 1),
    path: '/walletType',
    keyword: 'type',
  },
  {
    name: 'non-decimal amount',
    target: 'Marketplace.GenerateBuyTransaction request',
    break: (b) => (b.additionalFees[0].amount = '1e18'),
    path: '/additionalFees/0/amount',
    keyword: 'pattern',
  },
  {
    name: 'hex quantity',
    target: 'Marketplace.GenerateBuyTransaction request',
    break: (b) => (b.ordersData[0].quantity = '0x1'),
    path: '/ordersData/0/quantity',
    keyword: 'pattern',
  },
  {
    name: 'short address',
    target: 'Marketplace.GenerateBuyTransaction request',
    break: (b) => (b.buyer = '0x1234'),
    path: '/buyer',
    keyword: 'pattern',
  },
  {
    name: 'address without 0x',
    target: 'Marketplace.GetFloorOrder request',
    break: (b) => (b.contractAddress = 'a'.repeat(42)),
    path: '/contractAddress',
    keyword: 'pattern',
  },
  {
    name: 'address in a filter list',
    target: 'Marketplace.GetHighestPriceListingForCollectible request',
    break: (b) => (b.filter.currencies = ['ETH']),
    path: '/filter/currencies/0',
    keyword: 'pattern',
  },
  {
    name: 'token id that is not a number',
    target: 'Marketplace.GetHighestPriceListingForCollectible request',
    break: (b) => (b.tokenId = 'forty-two'),
    path: '/tokenId',
    keyword: 'pattern',
  },
  {
    name: 'chain id as a name',
    target: 'Metadata.TokenCollectionFilters request',
    break: (b) => (b.chainId = 'polygon'),
    path: '/chainId',
    keyword: 'pattern',
  },
  {
    name: 'extra top-level field in a request',
    target: 'Marketplace.GetOrders request',
    break: (b) => (b.limit = 5),
    path: '/limit',
    keyword: 'additionalProperties',
  },
  {
    name: 'extra nested field in a request',
    target: 'Marketplace.GetOrders request',
    break: (b) => (b.input[0].chainId = 137),
    path: '/input/0/chainId',
    keyword: 'additionalProperties',
  },
  {
    name: 'webhook url that is not a URL',
    target: 'Indexer.AddWebhookListener request',
    break: (b) => (b.url = 'not a url'),
    path: '/url',
    keyword: 'format',
  },
  {
    name: 'listener contract that is not an address',
    target: 'Indexer.AddWebhookListener request',
    break: (b) => (b.filters.contractAddresses = ['0xZZ']),
    path: '/filters/contractAddresses/0',
    keyword: 'pattern',
  },
  {
    name: 'negative token id',
    target: 'Indexer.AddWebhookListener request',
    break: (b) => (b.filters.tokenIDs = [-1]),
    path: '/filters/tokenIDs/0',
    keyword: 'anyOf',
  },
  {
    name: 'token id of the wrong JSON type',
    target: 'Indexer.AddWebhookListener request',
    break: (b) => (b.filters.tokenIDs = ['1', true]),
    path: '/filters/tokenIDs/1',
    keyword: 'type',
  },
  {
    name: 'topic hash of the wrong length',
    target: 'Indexer.AddWebhookListener request',
    break: (b) => (b.filters.topicHashes = ['0x1234']),
    path: '/filters/topicHashes/0',
    keyword: 'pattern',
  },
  {
    name: 'project id of a removal as a name',
    target: 'Indexer.RemoveWebhookListener request',
    break: (b) => (b.projectId = 'my-project'),
    path: '/projectId',
    keyword: 'pattern',
  },
  {
    name: 'request that is not an object',
    target: 'Indexer.RemoveWebhookListener request',
    break: () => {},
    path: '',
    keyword: 'type',
  },
  {
    name: 'order missing a required field',
    target: 'Marketplace.GetOrders response',
    break: (b) => delete b.orders[0].priceAmount,
    path: '/orders/0/priceAmount',
    keyword: 'required',
  },
  {
    name: 'order with an unknown status',
    target: 'Marketplace.GetOrders response',
    break: (b) => (b.orders[0].status = 'open'),
    path: '/orders/0/status',
    keyword: 'enum',
  },
  {
    name: 'formatted price in a raw amount',
    target: 'Marketplace.GetOrders response',
    break: (b) => (b.orders[0].priceAmount = '1.5'),
    path: '/orders/0/priceAmount',
    keyword: 'pattern',
  },
  {
    name: 'USD price as text',
    target: 'Marketplace.GetFloorOrder response',
    break: (b) => (b.collectible.order.priceUSD = '1.23'),
    path: '/collectible/order/priceUSD',
    keyword: 'type',
  },
  {
    name: 'step calldata that is not hex',
    target: 'Marketplace.GenerateBuyTransaction response',
    break: (b) => (b.steps[0].data = '0xabc'),
    path: '/steps/0/data',
    keyword: 'pattern',
  },
  {
    name: 'property filter min as text',
    target: 'Metadata.TokenCollectionFilters response',
    break: (b) => (b.filters[0].min = '1'),
    path: '/filters/0/min',
    keyword: 'type',
  },
  {
    name: 'missing list in a response',
    target: 'Builder.GetAudience response',
    break: (b) => delete b.contracts,
    path: '/contracts',
    keyword: 'required',
  },
  {
    name: 'inactive flag as text',
    target: 'Relayer.ListGasSponsors response',
    break: (b) => (b.gasSponsors[0].active = 'false'),
    path: '/gasSponsors/0/active',
    keyword: 'type',
  },
  {
    name: 'payload timestamp that is not ISO 8601',
    target: 'webhook payload',
    break: (b) => (b.ts = '01/03/2024 12:00'),
    path: '/ts',
    keyword: 'format',
  },
  {
    name: 'payload block hash of the wrong length',
    target: 'webhook payload',
    break: (b) => (b.blockHash = '0x12'),
    path: '/blockHash',
    keyword: 'pattern',
  },
  {
    name: 'payload log index as a number',
    target: 'webhook payload',
    break: (b) => (b.txnLogIndex = 2),
    path: '/txnLogIndex',
    keyword: 'type',
  },
  {
    name: 'payload with an unknown event type',
    target: 'webhook payload',
    break: (b) => (b.type = 'BLOCK_FINALIZED'),
    path: '/type',
    keyword: 'enum',
  },
  {
    name: 'payload event values that are not hex',
    target: 'webhook payload',
    break: (b) => (b.event.values = ['12']),
    path: '/event/values/0',
    keyword: 'pattern',
  },
  {
    name: 'payload without its raw log',
    target: 'webhook payload',
    break: (b) => delete b.rawLog,
    path: '/rawLog',
    keyword: 'required',
  },
]

/** A deep copy through JSON, as the wire would give it: fixtures share objects (order and listing), copies must not. */
const wireCopy = (value: unknown): unknown => JSON.parse(JSON.stringify(value))

function validBody(target: InvalidCase['target']): unknown {
  if (target === 'webhook payload') return wireCopy(webhookPayload)
  const [key, direction] = target.split(' ') as [keyof typeof operations, 'request' | 'response']
  return wireCopy(operations[key][direction])
}

function validate(target: InvalidCase['target'], body: unknown): ValidationResult {
  if (target === 'webhook payload') return validateWebhookPayload(body)
  const [key, direction] = target.split(' ') as [string, 'request' | 'response']
  const [service, method] = key.split('.') as [string, string]
  return direction === 'request' ? validateRequest(service, method, body) : validateResponse(service, method, body)
}

describe('invalid bodies fail with the expected path and keyword', () => {
  for (const invalid of cases) {
    it(`${invalid.target}: ${invalid.name}`, () => {
      const body = validBody(invalid.target) as Body
      expect(validate(invalid.target, body), 'the unbroken body must pass').toEqual({ ok: true })
      const broken = invalid.name === 'request that is not an object' ? ['not', 'an', 'object'] : body
      invalid.break(broken as Body)
      const result = validate(invalid.target, broken)
      expect(result.ok).toBe(false)
      const issues = result.ok ? [] : result.issues
      expect(issues.map(({ path, keyword }) => ({ path, keyword }))).toContainEqual({
        path: invalid.path,
        keyword: invalid.keyword,
      })
      // Exactly one issue: the break, and nothing else (an anyOf failure is one issue, not one per branch).
      expect(issues).toHaveLength(1)
      expect(issues.every((issue) => issue.message.length > 0)).toBe(true)
    })
  }
})
