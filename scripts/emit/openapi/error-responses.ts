import type { ErrorRow } from '../typescript/shared-modules/errors.js'

/**
 * One response per HTTP status of docs/errors.md, each with the one error schema (WebrpcError) and an example
 * per error: every error has the same shape, so a `oneOf` of one schema per error would match many
 * branches at once.
 */
export function errorResponsesByStatus(rows: readonly ErrorRow[], errorRef: string): Record<string, unknown> {
  const byStatus = new Map<number, ErrorRow[]>()
  for (const row of rows) byStatus.set(row.status, [...(byStatus.get(row.status) ?? []), row])
  return Object.fromEntries(
    [...byStatus.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, errors]) => [
        String(status),
        {
          description: errors.map((e) => `${e.error} (${e.code})`).join(', '),
          content: {
            'application/json': {
              schema: { $ref: errorRef },
              examples: Object.fromEntries(
                errors.map((e) => [e.error, { value: { error: e.error, code: e.code, msg: e.msg, status: e.status } }]),
              ),
            },
          },
        },
      ]),
  )
}
