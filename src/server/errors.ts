import { WebrpcError, WebrpcInternalErrorError } from '../../gen/errors.gen.js'

export type ErrorLogger = (error: unknown, where: string) => void

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

/** Any thrown value as a SPEC §7 error; unexpected ones become WebrpcInternalError and are logged, never sent. */
export function asWebrpcError(thrown: unknown, log: ErrorLogger, where: string): WireError {
  if (isWireError(thrown) && thrown.status >= 400 && thrown.status <= 599) return thrown
  log(thrown, where)
  return new WebrpcInternalErrorError()
}

/** The exact wire body of SPEC §7: {error, code, msg, cause?, status}. */
export function errorBody(error: WireError): string {
  return JSON.stringify(error.toJSON())
}
