import type { ErrorRow } from '../typescript/shared-modules/errors.js'

/** The name under `components.responses` of the error response of one HTTP status (Error400). */
const componentName = (status: number) => `Error${status}`

/** The HTTP statuses of the error table, each once, in order. */
const statusesOf = (rows: readonly ErrorRow[]) => [...new Set(rows.map((row) => row.status))].sort((a, b) => a - b)

/**
 * `components.responses` of a document: one response per HTTP status of docs/errors.md, each with the one
 * error schema (WebrpcError) and an example per error: every error has the same shape, so a `oneOf` of one
 * schema per error would match many branches at once. Every operation answers them all, so each is written
 * once here and referenced by the operations (errorResponseRefs).
 */
export function errorResponseComponents(rows: readonly ErrorRow[], errorRef: string): Record<string, unknown> {
  return Object.fromEntries(
    statusesOf(rows).map((status) => {
      const errors = rows.filter((row) => row.status === status)
      const response = {
        description: errors.map((e) => `${e.error} (${e.code})`).join(', '),
        content: {
          'application/json': {
            schema: { $ref: errorRef },
            examples: Object.fromEntries(
              errors.map((e) => [e.error, { value: { error: e.error, code: e.code, msg: e.msg, status: e.status } }]),
            ),
          },
        },
      }
      return [componentName(status), response]
    }),
  )
}

/** An operation's error responses: by HTTP status, a reference to that status's response of errorResponseComponents. */
export function errorResponseRefs(rows: readonly ErrorRow[]): Record<string, { $ref: string }> {
  return Object.fromEntries(
    statusesOf(rows).map((status) => [String(status), { $ref: `#/components/responses/${componentName(status)}` }]),
  )
}
