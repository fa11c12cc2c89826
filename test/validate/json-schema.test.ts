import type { StandardJSONSchemaV1 as SpecStandardJSONSchemaV1 } from '@standard-schema/spec'
import { Ajv } from 'ajv'
import addFormatsModule from 'ajv-formats'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, expectTypeOf, it } from 'vitest'
import type { Order } from '../../gen/marketplace.gen.js'
import { genDir } from '../../scripts/pipeline/paths.js'
import { jsonSchemaTargets, withJsonSchema } from '../../src/entries/validate-json-schema.js'
import * as validate from '../../src/entries/validate.js'
import { isGetOrdersRequest, isOrder, type StandardSchemaV1 } from '../../src/entries/validate.js'

const addFormats = addFormatsModule.default
const validators = Object.entries(validate as Record<string, unknown>).filter(
  (entry): entry is [string, validate.Validator<unknown>] =>
    typeof entry[1] === 'function' && entry[0].startsWith('is'),
)
const schemaFile = (id: unknown) =>
  JSON.parse(
    readFileSync(
      join(genDir, 'schemas', String(id).replace('https://web3-market-contract.invalid/schemas/', '')),
      'utf8',
    ),
  ) as Record<string, unknown>

/** A draft-07 ajv (strict, ajv-formats), as a tool that reads only draft-07 would check. */
function draft07Ajv(): Ajv {
  const ajv = new Ajv({ strict: true, allErrors: true })
  addFormats(ajv)
  return ajv
}

const contractAddress = '0x4e10000000000000000000000000000000000721'
const getOrdersBodies = [
  { input: [{ contractAddress, orderId: '1', marketplace: 'platform_marketplace_v1' }], page: { page: 2 } },
  { input: [{ contractAddress: '0x4e1', orderId: '1', marketplace: 'platform_marketplace_v1' }] },
  { input: [{ contractAddress, orderId: 1, marketplace: 'platform_marketplace_v1' }] },
  { input: [], extra: true },
  { page: { pageSize: -1 } },
]

describe('web3-market-contract/validate/json-schema hands out the JSON Schema each validator checks', () => {
  it.each(validators)(
    '%s: draft 2020-12 is its gen/schemas file; draft-07 compiles under a draft-07 ajv',
    (_, validator) => {
      const { jsonSchema, validate: standardValidate } = withJsonSchema(validator)['~standard']
      const schema = jsonSchema.input({ target: 'draft-2020-12' })
      expect(schema).toEqual(schemaFile(schema.$id))
      expect(jsonSchema.output({ target: 'draft-2020-12' })).toEqual(schema)
      const draft07 = jsonSchema.input({ target: 'draft-07' })
      expect(draft07.$schema).toBe('http://json-schema.org/draft-07/schema#')
      expect(JSON.stringify(draft07)).not.toContain('$defs')
      expect(() => draft07Ajv().compile(draft07)).not.toThrow()
      expect(standardValidate).toBe(validator['~standard'].validate)
    },
  )

  it('the draft-07 schema gives the validator’s verdict', () => {
    const check = draft07Ajv().compile(
      withJsonSchema(isGetOrdersRequest)['~standard'].jsonSchema.input({ target: 'draft-07' }),
    )
    expect(getOrdersBodies.map((body) => check(body))).toEqual(getOrdersBodies.map((body) => isGetOrdersRequest(body)))
    expect(getOrdersBodies.map((body) => check(body))).toEqual([true, false, false, false, false])
  })

  it('each call hands out a copy, and a target it cannot write throws', () => {
    const { jsonSchema } = withJsonSchema(isOrder)['~standard']
    jsonSchema.input({ target: 'draft-2020-12' }).title = 'changed'
    expect(jsonSchema.input({ target: 'draft-2020-12' }).title).toBe('Order')
    expect(jsonSchemaTargets).toEqual(['draft-2020-12', 'draft-07'])
    expect(() => jsonSchema.input({ target: 'openapi-3.0' })).toThrow(
      new TypeError('no JSON Schema for target openapi-3.0: supported are draft-2020-12, draft-07'),
    )
  })

  it('a function that is not one of the package’s validators is refused', () => {
    const impostor = Object.assign((value: unknown): value is Order => value !== null, isOrder)
    expect(() => withJsonSchema(impostor)).toThrow(TypeError)
  })

  it('types: the output is the contract’s type, and the result is the spec package’s StandardJSONSchemaV1', () => {
    const order = withJsonSchema(isOrder)
    expectTypeOf<StandardSchemaV1.InferOutput<typeof order>>().toEqualTypeOf<Order>()
    expectTypeOf(order).toExtend<SpecStandardJSONSchemaV1<unknown, Order>>()
  })
})
