import {
  InvalidArgumentError,
  NotFoundError,
  PermissionDeniedError,
  ProjectLimitReachedError,
  TimeoutError,
  WebrpcError,
  WebrpcInternalError,
} from '../../gen/errors.gen.js'
import type { Log } from '../observability/log.js'
import { Problem, type ProblemKind } from '../values/problem.js'

/** The wire view of an error: ours, or one of another schema's generated error module (a different WebrpcError class). */
export interface WireError {
  status: number
  code: number
  toJSON(): unknown
}

/** The docs/errors.md error each kind of domain Problem is answered with; the problem's message is its `cause`. */
const documentedErrorOfKind: Readonly<Record<ProblemKind, new (init: { cause: string }) => WebrpcError>> = {
  'invalid-argument': InvalidArgumentError,
  'not-found': NotFoundError,
  'permission-denied': PermissionDeniedError,
  'limit-reached': ProjectLimitReachedError,
  busy: TimeoutError,
  unavailable: TimeoutError,
}

export function documentedErrorOf(problem: Problem): WebrpcError {
  return new documentedErrorOfKind[problem.kind]({ cause: problem.message })
}

/**
 * A domain operation that answers as the five services do: a Problem it throws becomes its docs/errors.md
 * error, anything else passes through. For operations offered beside the host (the webhook engine's methods).
 */
export function answeringDocumentedErrors<Args extends unknown[], Result>(
  operation: (...args: Args) => Promise<Result>,
): (...args: Args) => Promise<Result> {
  return (...args) =>
    operation(...args).catch((error: unknown) => {
      throw error instanceof Problem ? documentedErrorOf(error) : error
    })
}

function isWireError(thrown: unknown): thrown is WireError {
  if (thrown instanceof WebrpcError) return true
  const candidate = thrown as Partial<WireError> & { name?: unknown }
  return (
    thrown instanceof Error &&
    typeof candidate.code === 'number' &&
    typeof candidate.status === 'number' &&
    typeof candidate.toJSON === 'function' &&
    typeof candidate.name === 'string'
  )
}

/** Reports an error that must not reach the wire: the one phrasing for every such log line. */
export function logUnexpected(log: Log, where: string, error: unknown): void {
  log(`unexpected error in ${where}`, error)
}

/**
 * Any thrown value as a docs/errors.md error: one of its errors as it is, a domain Problem through its table; unexpected
 * ones become WebrpcInternalError and are logged, never sent.
 */
export function asWebrpcError(thrown: unknown, log: Log, where: string): WireError {
  if (thrown instanceof Problem) return documentedErrorOf(thrown)
  if (isWireError(thrown) && thrown.status >= 400 && thrown.status <= 599) return thrown
  logUnexpected(log, where, thrown)
  return new WebrpcInternalError()
}

/** The exact wire body of docs/errors.md: {error, code, msg, cause?, status}. */
export function errorBody(error: WireError): string {
  return JSON.stringify(error.toJSON())
}
