import { InvalidArgumentError, WebrpcBadRequestError, type WebrpcError } from '../../gen/errors.gen.js'

export interface ValidationIssue {
  path: string
  keyword: string
  message: string
}

export type ValidationResult = { ok: true } | { ok: false; issues: ValidationIssue[] }

/** Same shape as src/validate's validateRequest, injected so the host does not depend on one schema set. */
export type RequestValidator = (service: string, method: string, body: unknown) => ValidationResult

/** Keywords that mean "the JSON has the wrong shape" rather than "a well-typed value is not allowed". */
const shapeKeywords = new Set(['type', 'required', 'additionalProperties', 'unevaluatedProperties'])

function describe(issue: ValidationIssue): string {
  return `${issue.path || '/'}: ${issue.message}`
}

/** Up to five issues, each at its JSON pointer. */
export function describeIssues(issues: readonly ValidationIssue[]): string {
  return issues.slice(0, 5).map(describe).join('; ')
}

/** Wrong JSON types → WebrpcBadRequest; well-typed but invalid values → InvalidArgument; both name the path in `cause`. */
export function validationError(issues: ValidationIssue[]): WebrpcError {
  const shape = issues.filter((issue) => shapeKeywords.has(issue.keyword))
  const chosen = shape.length > 0 ? shape : issues
  const cause = describeIssues(chosen)
  return shape.length > 0 ? new WebrpcBadRequestError({ cause }) : new InvalidArgumentError({ cause })
}
