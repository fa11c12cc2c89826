import { describe, expect, it } from 'vitest'
import {
  PermissionDeniedError,
  UnauthorizedError,
  WebrpcError,
  WebrpcInternalError,
  WebrpcInternalErrorError,
  webrpcErrorTable,
  type WebrpcErrorCode,
} from '../../src/entries/errors.js'

describe('error classes tell errors apart', () => {
  it('each class is named after its row, without a doubled suffix', () => {
    expect(UnauthorizedError.name).toBe('UnauthorizedError')
    expect(PermissionDeniedError.name).toBe('PermissionDeniedError')
    expect(WebrpcInternalError.name).toBe('WebrpcInternalError')
    expect(new WebrpcInternalError().code).toBe(-7)
    // The stock name stays as a deprecated alias of the same class.
    expect(WebrpcInternalErrorError).toBe(WebrpcInternalError)
  })

  it('two rows are distinct types: one class’s instance does not type-check as another’s', () => {
    const denied = new PermissionDeniedError({ cause: 'another project' })
    // @ts-expect-error PermissionDeniedError (code 1001) is not an UnauthorizedError (code 1000)
    const unauthorized: UnauthorizedError = denied
    expect(unauthorized).not.toBeInstanceOf(UnauthorizedError)
    const code: 1000 = new UnauthorizedError().code
    expect(code).toBe(1000)
  })

  it('`instanceof WebrpcError` narrows code to the union of the table’s codes', () => {
    const caught: unknown = new UnauthorizedError()
    if (!(caught instanceof WebrpcError)) expect.fail('not a WebrpcError')
    const code: WebrpcErrorCode = caught.code
    // @ts-expect-error 42 is no code of the table
    const notACode: WebrpcErrorCode = 42
    expect(webrpcErrorTable.map((row) => row.code)).toContain(code)
    expect(webrpcErrorTable.map((row) => row.code)).not.toContain(notACode)
  })
})
