import { everyValidator } from '../../gen/validators/every-validator.js'
import { serviceValidators } from '../../gen/validators/index.js'
import type { Validator } from '../../gen/validators/index.js'
import type { ValidationResult } from './validation-result.js'
import { validationResult as run } from './issues.js'
import { addStandardSchema } from './standard-schema/standard-validator.js'

/**
 * Two kinds of validator, told apart by name: the generated `is<Type>` are type guards (their `errors`
 * hold ajv's explanation of the last failure) and Standard Schemas (`~standard`, for any library that
 * takes one); every `validate*` here returns a ValidationResult.
 */
export * from '../../gen/validators/index.js'
export type { ValidationIssue, ValidationResult } from './validation-result.js'
export type { StandardJSONSchemaV1, StandardSchemaV1, StandardTypedV1 } from './standard-schema/spec.js'
export { standardSchemaVendor } from './standard-schema/standard-validator.js'
export { validateWebhookPayload } from './webhook-payload.js'

// Every is<Type> (the request and response validators of each method among them) becomes a Standard Schema.
for (const validator of everyValidator) addStandardSchema(validator)

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
