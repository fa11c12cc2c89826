import { sValidator } from '@hono/standard-validator'
import { Hono } from 'hono'
import { describe, expect, expectTypeOf, it } from 'vitest'
import type { GetOrdersArgs } from '../../../gen/marketplace.gen.js'
import { isGetOrdersRequest } from '../../../src/entries/validate.js'

/** A route validated by Hono's Standard Schema middleware with the contract's request validator. */
const app = new Hono().post('/rpc/Marketplace/GetOrders', sValidator('json', isGetOrdersRequest), (c) => {
  const args = c.req.valid('json')
  expectTypeOf(args).toEqualTypeOf<GetOrdersArgs>()
  return c.json({ contractAddresses: args.input.map((input) => input.contractAddress) })
})

const post = (body: unknown) =>
  app.request('/rpc/Marketplace/GetOrders', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
const contractAddress = '0x4e10000000000000000000000000000000000721'
const order = { contractAddress, orderId: '1', marketplace: 'platform_marketplace_v1' }

describe('Hono’s @hono/standard-validator takes a contract validator as its Standard Schema', () => {
  it('passes a valid body to the handler, typed as the request arguments', async () => {
    const response = await post({ input: [order], page: { page: 2, pageSize: 5 } })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ contractAddresses: [contractAddress] })
  })

  it('answers 400 to an invalid body, each issue at the path of its value', async () => {
    const response = await post({ input: [order, { ...order, orderId: 7 }], page: { pageSize: -1 } })
    expect(response.status).toBe(400)
    const { error } = (await response.json()) as { error: { message: string; path: unknown[] }[] }
    expect(error.map((issue) => issue.path)).toEqual([
      ['input', 1, 'orderId'],
      ['page', 'pageSize'],
    ])
    expect(error[0]!.message).toBe('must be string')
  })
})
