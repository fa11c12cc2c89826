import type { ErrorObject } from 'ajv'

/** One reason a value failed validation. */
export interface ValidationIssue {
  /** JSON pointer to the offending value, e.g. /input/0/contractAddress (for a missing or unknown property: that property). */
  path: string
  /** The JSON Schema keyword that failed, as ajv names it: type, required, additionalProperties, enum, pattern, format, minimum, ... */
  keyword: string
  message: string
}

export type ValidationResult = { ok: true } | { ok: false; issues: ValidationIssue[] }

const escapePointerToken = (token: string) => token.replaceAll('~', '~0').replaceAll('/', '~1')

/** ajv reports a missing or unknown property at its parent object; the issue points at the property itself. */
function issuePath(error: ErrorObject): string {
  const params = error.params as { missingProperty?: string; additionalProperty?: string }
  const property = error.keyword === 'required' ? params.missingProperty : error.keyword === 'additionalProperties' ? params.additionalProperty : undefined
  return property === undefined ? error.instancePath : `${error.instancePath}/${escapePointerToken(property)}`
}

export function toIssues(errors: readonly ErrorObject[] | null | undefined): ValidationIssue[] {
  return (errors ?? []).map((error) => ({ path: issuePath(error), keyword: error.keyword, message: error.message ?? error.keyword }))
}
