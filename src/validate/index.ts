import { serviceValidators, validateWebhookPayload as isWebhookPayload } from '../../gen/validators/index.js'
import type { Validator } from '../../gen/validators/index.js'
import { toIssues, type ValidationResult } from './issues.js'

export * from '../../gen/validators/index.js'
export type { ValidationIssue, ValidationResult } from './issues.js'
export { isWebhookPayload }

function run(validator: Validator<unknown>, value: unknown): ValidationResult {
  return validator(value) ? { ok: true } : { ok: false, issues: toIssues(validator.errors) }
}

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

/** Validates a webhook delivery payload (SPEC §6; open to new fields). The type guard form is `isWebhookPayload`. */
export function validateWebhookPayload(value: unknown): ValidationResult {
  return run(isWebhookPayload, value)
}
