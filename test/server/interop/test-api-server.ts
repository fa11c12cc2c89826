import { isDeepStrictEqual } from 'node:util'
import type { ServiceMount } from '../../../src/server/host.js'
import { interopFixtures as f, schemaErrorCases } from './fixtures.js'

type ErrorClass = new (init?: { cause?: string }) => Error
/** The generated module of webrpc-test's schema (loaded at test time). */
export type InteropModule = Record<string, unknown> & {
  TestApiMethods: readonly string[]
  WebrpcHeaderValue: string
  dispatchTestApi(service: unknown, method: string, args: unknown, context: unknown): Promise<unknown>
}

/** TestApi behind our host, answering like webrpc-test's reference server. */
export function testApiMount(gen: InteropModule): ServiceMount {
  const errorClass = (name: string) => gen[name] as ErrorClass
  const expectSame = (field: string, got: unknown, want: unknown) => {
    if (!isDeepStrictEqual(got, want))
      throw new (errorClass('UnexpectedValueError'))({ cause: `${field}: got ${JSON.stringify(got)}` })
    return {}
  }
  const handlers = {
    GetEmpty: () => ({}),
    GetError: () => {
      throw new Error('internal error')
    },
    GetOne: () => ({ one: f.one }),
    SendOne: (a: { one: unknown }) => expectSame('one', a.one, f.one),
    GetMulti: () => ({ one: f.one, two: f.two, three: f.three }),
    SendMulti: (a: { one: unknown; two: unknown; three: unknown }) => (
      expectSame('one', a.one, f.one),
      expectSame('two', a.two, f.two),
      expectSame('three', a.three, f.three)
    ),
    GetComplex: () => ({ complex: f.complex }),
    SendComplex: (a: { complex: unknown }) => expectSame('complex', a.complex, f.complex),
    GetEnumList: () => ({ list: f.enumList }),
    GetEnumMap: () => ({ map: f.enumMap }),
    GetSchemaError: (a: { code: number }) => {
      const found = schemaErrorCases.find(([code]) => code === a.code)
      if (!found) return {}
      const [, className, , , , cause] = found
      throw new (errorClass(className))(cause === undefined ? {} : { cause })
    },
  }
  return {
    name: 'TestApi',
    methods: gen.TestApiMethods,
    network: { kind: 'none' },
    webrpcHeader: gen.WebrpcHeaderValue,
    auth: () => 'none',
    dispatch: (method, args, context) => gen.dispatchTestApi(handlers, method, args, context),
  }
}
