import { isDeepStrictEqual } from 'node:util'
import { interopFixtures as f, schemaErrorCases } from './fixtures.js'

type Client = Record<string, (...args: unknown[]) => Promise<Record<string, unknown>>>

/** What webrpc-test's own client checks (tests/client/client.go), run with our generated client; returns the failures. */
export async function runClientChecks(client: Client, gen: Record<string, unknown>): Promise<string[]> {
  const failures: string[] = []
  const check = (what: string, ok: boolean, detail: unknown = '') => {
    if (!ok) failures.push(`${what} ${typeof detail === 'string' ? detail : JSON.stringify(detail)}`)
  }
  const attempt = async (what: string, call: () => Promise<unknown>) => {
    try {
      return await call()
    } catch (error) {
      failures.push(`${what}: ${String(error)} ${JSON.stringify(error)}`)
      return undefined
    }
  }

  await attempt('GetEmpty', () => client.getEmpty!())
  const error = await client.getError!().then(
    () => undefined,
    (e: unknown) => e,
  )
  check('GetError returns an error', error !== undefined)
  const one = (await attempt('GetOne', () => client.getOne!())) as { one: unknown } | undefined
  check('GetOne', isDeepStrictEqual(one?.one, f.one), one)
  await attempt('SendOne', () => client.sendOne!({ one: one?.one }))
  const multi = (await attempt('GetMulti', () => client.getMulti!())) as Record<string, unknown> | undefined
  check('GetMulti', isDeepStrictEqual(multi, { one: f.one, two: f.two, three: f.three }), multi)
  await attempt('SendMulti', () => client.sendMulti!(multi ?? {}))
  const complex = (await attempt('GetComplex', () => client.getComplex!())) as { complex: unknown } | undefined
  check('GetComplex', isDeepStrictEqual(complex?.complex, f.complex), complex)
  await attempt('SendComplex', () => client.sendComplex!({ complex: complex?.complex }))
  const list = (await attempt('GetEnumList', () => client.getEnumList!())) as { list: unknown[] } | undefined
  check('GetEnumList has 2 items', list?.list?.length === 2, list)
  const map = (await attempt('GetEnumMap', () => client.getEnumMap!())) as { map: Record<string, unknown> } | undefined
  check('GetEnumMap has 2 items', Object.keys(map?.map ?? {}).length === 2, map)

  for (const [code, className, name, msg, status, cause] of schemaErrorCases) {
    const thrown = (await client.getSchemaError!({ code }).then(
      () => undefined,
      (e: unknown) => e,
    )) as Record<string, unknown> | undefined
    const expectedClass = gen[className] as new (...args: never[]) => unknown
    check(`GetSchemaError(${code}) is ${className}`, thrown instanceof expectedClass, thrown)
    check(
      `GetSchemaError(${code}) fields`,
      thrown?.code === code &&
        thrown?.error === name &&
        thrown?.msg === msg &&
        thrown?.status === status &&
        thrown?.cause === cause,
      thrown,
    )
  }
  return failures
}
