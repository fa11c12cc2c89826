import type { JsonSchema } from '../jsonschema/json-schema.js'

interface ErrorExample {
  error: string
  code: number
  msg: string
  status: number
}

/**
 * The stock document answers errors with `4XX`/`5XX` and a `oneOf` of one schema per error; every error
 * has the same shape, so a body matches many branches and the `oneOf` is wrong. Here each HTTP status of
 * SPEC §7 gets its own response with the one error schema (WebrpcError) and an example per error.
 */
export function errorResponsesByStatus(
  components: Record<string, JsonSchema>,
  referenced: readonly string[],
): Record<string, unknown> {
  const byStatus = new Map<number, ErrorExample[]>()
  for (const name of referenced) {
    const properties = components[name]?.properties as Record<string, { example?: unknown }> | undefined
    if (!properties) throw new Error(`openapi: no error component ${name}`)
    const example = Object.fromEntries(
      ['error', 'code', 'msg', 'status'].map((field) => [field, properties[field]?.example]),
    ) as unknown as ErrorExample
    byStatus.set(example.status, [...(byStatus.get(example.status) ?? []), example])
  }
  return Object.fromEntries(
    [...byStatus.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, errors]) => [
        String(status),
        {
          description: errors.map((e) => `${e.error} (${e.code})`).join(', '),
          content: {
            'application/json': {
              schema: { $ref: '#/components/schemas/WebrpcError' },
              examples: Object.fromEntries(errors.map((e) => [e.error, { value: e }])),
            },
          },
        },
      ]),
  )
}
