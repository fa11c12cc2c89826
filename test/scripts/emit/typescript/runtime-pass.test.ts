import { describe, expect, it } from 'vitest'
import { postprocess } from '../../../../scripts/emit/typescript/index.js'
import { runtimePass } from '../../../../scripts/emit/typescript/runtime.js'
import { errorRows } from '../../../../scripts/emit/typescript/shared-modules/errors.js'
import { committedIR } from '../../../support/ir.js'
import { stockClient } from './support/stock.js'

const runRuntime = (stem: string, source: string) => postprocess(stem, source, committedIR(stem), [runtimePass])

describe('runtime pass', () => {
  it('keeps the generator header first, imports the shared runtime right after it, and keeps types and constants', () => {
    const text = runRuntime('metadata', stockClient('metadata'))
    const lines = text.split('\n')
    expect(lines[0]).toBe('/* eslint-disable */')
    expect(text.indexOf("from '../src/runtime/client.js'")).toBeLessThan(text.indexOf('export const WebrpcHeader'))
    expect(text).toContain('export const WebrpcHeaderValue = "webrpc@v0.23.4;gen-typescript@v0.16.3;metadata@v0.0.1"')
    expect(text).toContain('export interface PropertyFilter {')
    expect(text).toContain('export interface MetadataClient {')
  })

  it.each([
    ['version-header parsing', /function (VersionFromHeader|parseWebrpcGenVersions)/],
    ['request building', /createHTTPRequest/],
    ['response decoding', /buildResponse/],
    ['error classes and tables', /class \w+Error extends|enum (errors|WebrpcErrorCodes)|WebrpcStreamFinished/],
    ['the DOM-only fetch type', /RequestInfo/],
    ['an interface and a class of one name (TS2300 on TypeScript 7)', /export class Metadata implements Metadata\b/],
  ])('leaves no %s in the service file', (_, pattern) => {
    expect(runRuntime('metadata', stockClient('metadata'))).not.toMatch(pattern)
  })

  it('turns every client method into one call of the shared runtime', () => {
    const text = runRuntime('marketplace', stockClient('marketplace'))
    expect(text.match(/this\.#client\.call\('/g)).toHaveLength(committedIR('marketplace').services[0]!.methods.length)
    expect(text).toContain("this.#client.call('GetOrders', args, options, deprecatedSignal)")
    expect(text).toContain(
      'getOrders = (args: GetOrdersArgs, options?: CallOptions | DeprecatedCallHeaders, deprecatedSignal?: AbortSignal)',
    )
  })

  it('is idempotent', () => {
    const once = runRuntime('relayer', stockClient('relayer'))
    expect(runRuntime('relayer', once)).toBe(once)
  })

  it('fails, naming itself, on a generator that renamed -8 (webrpc-gen v0.27+: WebrpcClientAborted)', () => {
    const renamed = stockClient('builder')
      .replaceAll('WebrpcClientDisconnected', 'WebrpcClientAborted')
      .replace('`client disconnected`', '`request aborted by client`')
    expect(() => runRuntime('builder', renamed)).toThrowError(/pass "runtime".*code -8/)
  })

  it('fails, naming itself, when the client no longer has buildResponse', () => {
    const changed = stockClient('builder')
      .replace('const buildResponse =', 'const readResponse =')
      .replaceAll('buildResponse(', 'readResponse(')
    expect(() => runRuntime('builder', changed)).toThrowError(/pass "runtime".*buildResponse/)
  })
})

describe('gen/errors.gen.ts is built once from every IR', () => {
  it('has the error table’s webrpc built-ins then the schema errors', () => {
    const rows = errorRows(new Map([['marketplace', committedIR('marketplace')]]))
    expect(rows[0]).toEqual({ error: 'WebrpcEndpoint', code: 0, msg: 'endpoint error', status: 400 })
    expect(rows.map((r) => r.error)).toContain('Unauthorized')
    expect(rows.map((r) => r.error)).not.toContain('WebrpcStreamFinished')
  })

  it('fails when two service roots declare different errors', () => {
    const other = { ...committedIR('relayer'), errors: committedIR('relayer').errors.slice(1) }
    expect(() =>
      errorRows(
        new Map([
          ['marketplace', committedIR('marketplace')],
          ['relayer', other],
        ]),
      ),
    ).toThrowError(/schema\/relayer\.ridl declares other errors than schema\/marketplace\.ridl/)
  })
})
