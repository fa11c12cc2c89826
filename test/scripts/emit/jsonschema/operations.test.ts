import { describe, expect, it } from 'vitest'
import { webrpcErrorTable, WebrpcError } from '../../../../gen/errors.gen.js'
import {
  isCollectible,
  isOrder,
  isStep,
  isWebhookPayload,
  isWebrpcErrorPayload,
  validateRequest,
  validateResponse,
  validateWebhookPayload,
} from '../../../../src/validate/index.js'
import { collectible, operations, order, step, webhookPayload } from './support/fixtures.js'
import { operationKeys } from '../../../support/ir.js'

const split = (key: string) => key.split('.') as [string, string]

describe('valid bodies from the field tables of docs/endpoints.md', () => {
  it('there is a fixture for every operation of the IR, and none for an operation that does not exist', () => {
    expect(Object.keys(operations).sort()).toEqual(operationKeys().sort())
  })

  for (const [key, { request, response }] of Object.entries(operations)) {
    const [service, method] = split(key)
    it(`${key} request validates`, () => {
      expect(validateRequest(service, method, request)).toEqual({ ok: true })
    })
    it(`${key} response validates`, () => {
      expect(validateResponse(service, method, response)).toEqual({ ok: true })
    })
  }

  it('an Order, a Collectible and a Step validate with their typed validators', () => {
    expect([isOrder(order), isCollectible(collectible), isStep(step)]).toEqual([true, true, true])
    expect(isOrder.errors).toBeNull()
  })

  it('the webhook payload of docs/webhooks.md validates, in both forms', () => {
    expect(validateWebhookPayload(webhookPayload)).toEqual({ ok: true })
    expect(isWebhookPayload(webhookPayload)).toBe(true)
  })

  it('every error row of docs/errors.md, as the error classes serialize it, validates as an error object', () => {
    for (const row of webrpcErrorTable) {
      const payload = new WebrpcError({ ...row, cause: 'because' }).toJSON()
      expect(isWebrpcErrorPayload(payload), row.error).toBe(true)
    }
  })
})

describe('additionalProperties policy', () => {
  it('responses and the webhook payload accept fields a newer server adds, at every level', () => {
    const newerOrder: Record<string, unknown> = {
      ...order,
      royaltyBps: 10,
      feeBreakdown: [{ ...order.feeBreakdown[0], note: 'new' }],
    }
    const newer = { ...operations['Marketplace.GetOrders'].response, cursor: 'x', orders: [newerOrder] }
    expect(validateResponse('Marketplace', 'GetOrders', newer)).toEqual({ ok: true })
    expect(
      validateWebhookPayload({ ...webhookPayload, chainId: 137, rawLog: { ...webhookPayload.rawLog, removed: false } }),
    ).toEqual({ ok: true })
    expect(
      isWebrpcErrorPayload({
        error: 'Future',
        code: 4242,
        msg: 'from a newer server',
        status: 429,
        traceId: 'x',
      }),
    ).toBe(true)
  })

  it('requests reject unknown fields at every level, naming the field', () => {
    const request = structuredClone(operations['Relayer.ListGasSponsors'].request) as Record<string, any>
    request.page.sort = [{ column: 'id', order: 'DESC', nulls: 'last' }]
    expect(validateRequest('Relayer', 'ListGasSponsors', request)).toEqual({
      ok: false,
      issues: [
        { path: '/page/sort/0/nulls', keyword: 'additionalProperties', message: 'must NOT have additional properties' },
      ],
    })
  })

  it('map fields stay open inside strict requests', () => {
    const request = {
      ...operations['Relayer.ListGasSponsors'].request,
      page: { page: 2, after: { id: 10, anything: [1] } },
    }
    expect(validateRequest('Relayer', 'ListGasSponsors', request)).toEqual({ ok: true })
  })

  it('an unknown service or method is a programming error, not a validation issue', () => {
    expect(() => validateRequest('Marketplace', 'DropTables', {})).toThrow(
      /no request schema for Marketplace.DropTables/,
    )
    expect(() => validateResponse('Nope', 'GetOrders', {})).toThrow(/no response schema/)
    expect(() => validateRequest('Marketplace', 'constructor', {})).toThrow(/no request schema/)
  })
})
