import { expect } from 'vitest'
import { webrpcErrorTable } from '../../gen/errors.gen.js'
import type { RawResponse } from '../local/support.js'

/** Asserts the response is exactly docs/errors.md's error `name`: its HTTP status, and a body of only error/code/msg/cause?/status. */
export function expectSpecError(response: RawResponse, name: string): { cause?: string } {
  const row = webrpcErrorTable.find((r) => r.error === name)
  if (!row) throw new Error(`no SPEC error ${name}`)
  expect(response.status, response.text).toBe(row.status)
  expect(response.headers.get('content-type')).toMatch(/^application\/json/)
  const body = response.json as Record<string, unknown>
  expect(Object.keys(body).sort()).toEqual(
    'cause' in body ? ['cause', 'code', 'error', 'msg', 'status'] : ['code', 'error', 'msg', 'status'],
  )
  expect({ error: body.error, code: body.code, msg: body.msg, status: body.status }).toEqual(row)
  if ('cause' in body) expect(typeof body.cause).toBe('string')
  expect(response.text).not.toMatch(/\n\s+at |node_modules|\.ts:\d+/)
  return body as { cause?: string }
}
