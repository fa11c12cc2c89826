import type { StandardSchemaV1 as SpecStandardSchemaV1 } from '@standard-schema/spec'
import { describe, expect, expectTypeOf, it } from 'vitest'
import type { AddWebhookListenerArgs, WebhookPayload } from '../../gen/indexer.gen.js'
import type { GetOrdersArgs, Order } from '../../gen/marketplace.gen.js'
import * as validate from '../../src/entries/validate.js'
import {
  isAddWebhookListenerRequest,
  isGetOrdersRequest,
  isOrder,
  isWebhookPayload,
  standardSchemaVendor,
  validateRequest,
  type StandardSchemaV1,
} from '../../src/entries/validate.js'
import { pointerToPath } from '../../src/validate/standard-schema/issue-path.js'

const validators = Object.entries(validate as Record<string, unknown>).filter(
  (entry): entry is [string, validate.Validator<unknown>] =>
    typeof entry[1] === 'function' && entry[0].startsWith('is'),
)
const contractAddress = '0x4e10000000000000000000000000000000000721'

describe('every validator of web3-market-contract/validate is a Standard Schema', () => {
  it('covers every is<Type>: types, each method’s request and response, the webhook payload, the error object', () => {
    const names = validators.map(([name]) => name)
    expect(names).toEqual(
      expect.arrayContaining([
        'isOrder',
        'isGetOrdersRequest',
        'isGetOrdersResponse',
        'isListGasSponsorsRequest',
        'isWebhookPayload',
        'isWebrpcErrorPayload',
      ]),
    )
    expect(names.length).toBeGreaterThan(50)
  })

  it.each(validators)('%s: version 1, the vendor, and the verdict of the guard', (_, validator) => {
    const standard = validator['~standard']
    expect(standard.version).toBe(1)
    expect(standard.vendor).toBe(standardSchemaVendor)
    const result = standard.validate(Symbol.for('not JSON'))
    expect(result).toEqual({ issues: [expect.objectContaining({ message: expect.any(String), path: [] })] })
    expect(validator(Symbol.for('not JSON'))).toBe(false)
  })

  it('a valid value comes back as the value', () => {
    const body = { input: [{ contractAddress, orderId: '1', marketplace: 'platform_marketplace_v1' }] }
    expect(isGetOrdersRequest['~standard'].validate(body)).toEqual({ value: body })
  })

  it('issues are validateRequest’s, their JSON pointers as property keys and array indexes', () => {
    const body = {
      input: [{ contractAddress, orderId: '1', marketplace: 'platform_marketplace_v1' }, { contractAddress: 7 }],
      page: { pageSize: 'ten' },
      extra: true,
    }
    const result = isGetOrdersRequest['~standard'].validate(body) as StandardSchemaV1.FailureResult
    const reported = validateRequest('Marketplace', 'GetOrders', body)
    if (reported.ok) throw new Error('the body should fail')
    expect(result.issues.map((issue) => issue.message)).toEqual(reported.issues.map((issue) => issue.message))
    expect(result.issues.map((issue) => issue.path)).toEqual([
      ['extra'],
      ['input', 1, 'orderId'],
      ['input', 1, 'marketplace'],
      ['input', 1, 'contractAddress'],
      ['page', 'pageSize'],
    ])
  })

  it('a pointer’s ~1 and ~0 are unescaped, and a segment is a number only inside an array', () => {
    const value = { 'a/b': [{ 'c~d': { '0': 'x' } }] }
    expect(pointerToPath('/a~1b/0/c~0d/0', value)).toEqual(['a/b', 0, 'c~d', '0'])
    expect(pointerToPath('/list/10/missing', { list: [] })).toEqual(['list', 10, 'missing'])
    expect(pointerToPath('', value)).toEqual([])
  })

  it('types: InferOutput is the contract’s type, and each validator is the spec package’s StandardSchemaV1', () => {
    expectTypeOf<StandardSchemaV1.InferOutput<typeof isOrder>>().toEqualTypeOf<Order>()
    expectTypeOf<StandardSchemaV1.InferOutput<typeof isGetOrdersRequest>>().toEqualTypeOf<GetOrdersArgs>()
    expectTypeOf<StandardSchemaV1.InferOutput<typeof isWebhookPayload>>().toEqualTypeOf<WebhookPayload>()
    expectTypeOf(isAddWebhookListenerRequest).toExtend<SpecStandardSchemaV1<unknown, AddWebhookListenerArgs>>()
    expectTypeOf<SpecStandardSchemaV1.InferOutput<typeof isOrder>>().toEqualTypeOf<Order>()
  })
})
