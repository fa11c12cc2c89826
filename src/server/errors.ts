import { WebrpcError, WebrpcInternalErrorError } from '../../gen/errors.gen.js'

export type ErrorLogger = (error: unknown, where: string) => void

/** Any thrown value as a SPEC §7 error; unexpected ones become WebrpcInternalError and are logged, never sent. */
export function asWebrpcError(thrown: unknown, log: ErrorLogger, where: string): WebrpcError {
  if (thrown instanceof WebrpcError && thrown.status >= 400 && thrown.status <= 599) return thrown
  log(thrown, where)
  return new WebrpcInternalErrorError()
}

/** The exact wire body of SPEC §7: {error, code, msg, cause?, status}. */
export function errorBody(error: WebrpcError): string {
  return JSON.stringify(error.toJSON())
}
