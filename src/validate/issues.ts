import type { ErrorObject, Validator } from '../../gen/validators/validator.js'
import type { ValidationIssue, ValidationResult } from './validation-result.js'

const escapePointerToken = (token: string) => token.replaceAll('~', '~0').replaceAll('/', '~1')

/** ajv reports a missing or unknown property at its parent object; the issue points at the property itself. */
function issuePath(error: ErrorObject): string {
  const params = error.params as { missingProperty?: string; additionalProperty?: string }
  const property =
    error.keyword === 'required'
      ? params.missingProperty
      : error.keyword === 'additionalProperties'
        ? params.additionalProperty
        : undefined
  return property === undefined ? error.instancePath : `${error.instancePath}/${escapePointerToken(property)}`
}

/**
 * An `anyOf` failure (uint256: integer or decimal string; nullable-number: number or null) becomes one
 * issue instead of one per branch. When every branch failed on its type, the value has the wrong JSON
 * type, and the issue says `type`; otherwise it is a well-typed value out of range, and says `anyOf`.
 */
function collapseAnyOf(errors: readonly ErrorObject[]): ValidationIssue[] {
  const issues: ValidationIssue[] = []
  const branchesOf = (anyOf: ErrorObject) =>
    errors.filter(
      (error) =>
        error !== anyOf &&
        error.instancePath === anyOf.instancePath &&
        error.schemaPath.startsWith(`${anyOf.schemaPath}/`),
    )
  const absorbed = new Set<ErrorObject>()
  for (const error of errors)
    if (error.keyword === 'anyOf') for (const branch of branchesOf(error)) absorbed.add(branch)
  for (const error of errors) {
    if (absorbed.has(error)) continue
    if (error.keyword !== 'anyOf') {
      issues.push({ path: issuePath(error), keyword: error.keyword, message: error.message ?? error.keyword })
      continue
    }
    const branches = branchesOf(error)
    const allType = branches.length > 0 && branches.every((branch) => branch.keyword === 'type')
    const message = branches.map((branch) => branch.message ?? branch.keyword).join(', or ')
    issues.push({
      path: error.instancePath,
      keyword: allType ? 'type' : 'anyOf',
      message: message || (error.message ?? 'anyOf'),
    })
  }
  return issues
}

/** ajv checks `enum` even after `type` failed (walletType: 1); the wrong type already says it all. */
function dropEnumAfterType(issues: ValidationIssue[]): ValidationIssue[] {
  const wrongType = new Set(issues.filter((issue) => issue.keyword === 'type').map((issue) => issue.path))
  return issues.filter((issue) => issue.keyword !== 'enum' || !wrongType.has(issue.path))
}

/** Runs a generated validator and reports its verdict as a ValidationResult. */
export function validationResult(validator: Validator<unknown>, value: unknown): ValidationResult {
  return validator(value) ? { ok: true } : { ok: false, issues: toIssues(validator.errors) }
}

/** ajv's errors of a failed validation as ValidationIssues. */
export function toIssues(errors: readonly ErrorObject[] | null | undefined): ValidationIssue[] {
  return dropEnumAfterType(collapseAnyOf(errors ?? []))
}
