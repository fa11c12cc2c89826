import { WebrpcError, WebrpcInternalError } from '../../gen/errors.gen.js'
import type { Log } from '../observability/log.js'
import { documentedErrorOf } from '../values/documented-error.js'
import { Problem } from '../values/problem.js'

/** The wire view of an error: ours, or one of another schema's generated error module (a different WebrpcError class). */
export interface WireError {
  status: number
  code: number
  toJSON(): unknown
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
