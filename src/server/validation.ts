import { InvalidArgumentError, WebrpcBadRequestError, type WebrpcError } from '../../gen/errors.gen.js'
import { describeIssues, type ValidationIssue, type ValidationResult } from '../validate/validation-result.js'

export type { ValidationIssue, ValidationResult }

/** Same shape as src/validate's validateRequest, injected so the host does not depend on one schema set. */
export type RequestValidator = (service: string, method: string, body: unknown) => ValidationResult

/** Keywords that mean "the JSON has the wrong shape" rather than "a well-typed value is not allowed". */
const shapeKeywords = new Set(['type', 'required', 'additionalProperties', 'unevaluatedProperties'])

/** Wrong JSON types → WebrpcBadRequest; well-typed but invalid values → InvalidArgument; both name the path in `cause`. */
export function validationError(issues: ValidationIssue[]): WebrpcError {
  const shape = issues.filter((issue) => shapeKeywords.has(issue.keyword))
  const chosen = shape.length > 0 ? shape : issues
  const cause = describeIssues(chosen)
  return shape.length > 0 ? new WebrpcBadRequestError({ cause }) : new InvalidArgumentError({ cause })
}
