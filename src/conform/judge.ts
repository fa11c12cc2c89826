import { webrpcErrorTable } from '../../gen/errors.gen.js'
import { describeIssues } from '../validate/validation-result.js'
import { validateResponse } from '../validate/index.js'
import type { Answer } from './call.js'
import type { Operation } from './contract.js'

/** A check's verdict on an implementation: thrown, it fails the check with this message. */
export class Violation extends Error {
  override name = 'Violation'
}

const errorFields = ['cause', 'code', 'error', 'msg', 'status']

/** Fails unless the answer is JSON (docs/endpoints.md: request and response bodies are JSON). */
export function expectJson(answer: Answer, what: string): void {
  if (!/^application\/json\b/i.test(answer.contentType))
    throw new Violation(`${what}: Content-Type ${JSON.stringify(answer.contentType)}, expected application/json`)
  if (answer.json === undefined) throw new Violation(`${what}: the body is not JSON: ${answer.text.slice(0, 200)}`)
}

/**
 * Fails unless the answer is one error of docs/errors.md exactly: its HTTP status, and a body of only
 * error, code, msg, status and an optional string cause, whose values are that row's. Returns its name.
 */
export function expectDocumentedError(answer: Answer, what: string, expected?: readonly string[]): string {
  if (expected && answer.status >= 200 && answer.status < 300)
    throw new Violation(
      `${what}: HTTP ${answer.status}, expected ${expected.join(' or ')}: ${answer.text.slice(0, 200)}`,
    )
  expectJson(answer, what)
  const body = answer.json as Record<string, unknown>
  const row = webrpcErrorTable.find((r) => r.error === body?.error)
  if (!row)
    throw new Violation(`${what}: HTTP ${answer.status} with no error of docs/errors.md: ${answer.text.slice(0, 200)}`)
  const extra = Object.keys(body).filter((key) => !errorFields.includes(key))
  if (extra.length > 0)
    throw new Violation(`${what}: the error carries fields the contract has not: ${extra.join(', ')}`)
  for (const field of ['code', 'msg', 'status'] as const)
    if (body[field] !== row[field])
      throw new Violation(
        `${what}: ${row.error} with ${field} ${JSON.stringify(body[field])}, expected ${JSON.stringify(row[field])}`,
      )
  if (answer.status !== row.status)
    throw new Violation(`${what}: ${row.error} answered with HTTP ${answer.status}, expected ${row.status}`)
  if ('cause' in body && typeof body.cause !== 'string') throw new Violation(`${what}: cause is not a string`)
  if (expected && !expected.includes(row.error))
    throw new Violation(`${what}: answered ${row.error} (${row.code}), expected ${expected.join(' or ')}`)
  return row.error
}

/** Fails unless a 200 answer is JSON its response schema accepts. */
export function expectValidAnswer(answer: Answer, operation: Operation, what: string): void {
  expectJson(answer, what)
  const result = validateResponse(operation.serviceName, operation.method, answer.json)
  if (!result.ok)
    throw new Violation(`${what}: the answer breaks ${operation.method}Response.json: ${describeIssues(result.issues)}`)
}

/** Fails unless the answer is a 200 its schema accepts or an error of docs/errors.md (outside `refused`); returns the error name, if any. */
export function expectContractAnswer(
  answer: Answer,
  operation: Operation,
  what: string,
  refused: readonly string[] = [],
): string | undefined {
  if (answer.status === 200) {
    expectValidAnswer(answer, operation, what)
    return undefined
  }
  const error = expectDocumentedError(answer, what)
  if (refused.includes(error)) throw new Violation(`${what}: answered ${error}, which a valid request must not get`)
  return error
}
