import { describeIssues } from '../validate/validation-result.js'
import { validateRequest } from '../validate/index.js'
import type { Answer } from '../conform/call.js'
import { operationsOf, serviceNames, type Operation } from '../conform/contract.js'
import { expectContractAnswer, Violation } from '../conform/judge.js'

const operations = new Map(operationsOf(serviceNames).map((operation) => [operation.path, operation]))

/** The operation a request path ends in (`…/rpc/Marketplace/GetFloorOrder`), if the contract has it. */
export function operationOfPath(path: string): Operation | undefined {
  const at = path.lastIndexOf('/rpc/')
  return at < 0 ? undefined : operations.get(path.slice(at))
}

export interface SeenRequest {
  method: string
  path: string
  headers: Record<string, string | string[] | undefined>
  body: Buffer
}

const header = (request: SeenRequest, name: string) => {
  const value = request.headers[name]
  return Array.isArray(value) ? value[0] : value
}

/** What a request breaks of the contract: its route, method, content type, keys and body (docs/endpoints.md, docs/auth.md). */
export function requestViolations(request: SeenRequest): string[] {
  const operation = operationOfPath(request.path)
  if (!operation) return [`request: ${request.path} is no operation of the contract`]
  const found: string[] = []
  if (request.method !== 'POST') found.push(`request: method ${request.method}, the contract has POST only`)
  if (!/^application\/json\b/i.test(header(request, 'content-type') ?? ''))
    found.push(
      `request: Content-Type ${JSON.stringify(header(request, 'content-type') ?? '')}, expected application/json`,
    )
  if (!header(request, 'x-access-key')) found.push('request: no X-Access-Key')
  if (operation.needsSecretKey && !/^BEARER \S+$/i.test(header(request, 'authorization') ?? ''))
    found.push(`request: ${operation.method} needs Authorization: BEARER <secret key>`)
  let body: unknown
  try {
    body = JSON.parse(request.body.toString('utf8'))
  } catch {
    return [...found, 'request: the body is not JSON']
  }
  const result = validateRequest(operation.serviceName, operation.method, body)
  if (!result.ok) found.push(`request: breaks ${operation.method}Request.json: ${describeIssues(result.issues)}`)
  return found
}

/**
 * What an answer breaks of the contract: not JSON, a 200 outside its response schema, an error that is
 * not exactly one of docs/errors.md. Only for paths of the contract's operations.
 */
export function answerViolations(path: string, answer: Answer): string[] {
  const operation = operationOfPath(path)
  if (!operation) return []
  try {
    expectContractAnswer(answer, operation, `answer (HTTP ${answer.status})`)
    return []
  } catch (error) {
    if (error instanceof Violation) return [error.message]
    throw error
  }
}
