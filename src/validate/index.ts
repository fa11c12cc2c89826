import { serviceValidators, validateWebhookPayload as isWebhookPayload } from '../../gen/validators/index.js'
import type { Validator } from '../../gen/validators/index.js'
import { validationResult as run, type ValidationResult } from './issues.js'

export * from '../../gen/validators/index.js'
export type { ValidationIssue, ValidationResult } from './issues.js'
export { isWebhookPayload }
export { validateWebhookPayload } from './webhook-payload.js'

function methodValidator(direction: 'requests' | 'responses', service: string, method: string): Validator<unknown> {
  // Own properties only: a method named `constructor` must not find Object's.
  const table = Object.hasOwn(serviceValidators, service) ? serviceValidators[service]![direction] : undefined
  const validator = table && Object.hasOwn(table, method) ? table[method] : undefined
  if (!validator)
    throw new TypeError(`no ${direction === 'requests' ? 'request' : 'response'} schema for ${service}.${method}`)
  return validator
}

/** Validates a request body of `POST /rpc/<service>/<method>` (strict: unknown fields are issues). Throws on an unknown method. */
export function validateRequest(service: string, method: string, body: unknown): ValidationResult {
  return run(methodValidator('requests', service, method), body)
}

/** Validates a response body (open: fields a newer server adds are accepted). Throws on an unknown method. */
export function validateResponse(service: string, method: string, body: unknown): ValidationResult {
  return run(methodValidator('responses', service, method), body)
}
