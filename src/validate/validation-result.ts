/**
 * What every result-returning validator reports (src/validate's `validate*`, the host's request and
 * response checks, the webhook payload check). A leaf: no package, so the host and the webhook receiver
 * can name it without pulling in ajv.
 */

/** One reason a value failed validation. */
export interface ValidationIssue {
  /** JSON pointer to the offending value, e.g. /input/0/contractAddress (for a missing or unknown property: that property). */
  path: string
  /** The JSON Schema keyword that failed, as ajv names it: type, required, additionalProperties, enum, pattern, format, minimum, anyOf, ... */
  keyword: string
  message: string
}

export type ValidationResult = { ok: true } | { ok: false; issues: ValidationIssue[] }

/** Up to five issues, each at its JSON pointer, for an error message. */
export function describeIssues(issues: readonly ValidationIssue[]): string {
  return issues
    .slice(0, 5)
    .map((issue) => `${issue.path || '/'}: ${issue.message}`)
    .join('; ')
}
