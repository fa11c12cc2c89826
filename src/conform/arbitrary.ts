import fc from 'fast-check'

/** A JSON Schema node together with the `$id` of the resource it belongs to (what its `$ref`s resolve against). */
export interface Located {
  schema: Record<string, any>
  base: string
}

/** Resolves a node's `$ref`, if it has one, to the node it points to. */
export interface RefFollower {
  follow(node: Located): Located
}

// Building a regex or URL arbitrary takes milliseconds, drawing from one microseconds, and a schema repeats the
// same few patterns (addresses, ids) many times over: each is built once. Arbitraries hold no state between draws.
const byPattern = new Map<string, fc.Arbitrary<string>>()
function stringMatching(pattern: string): fc.Arbitrary<string> {
  let arbitrary = byPattern.get(pattern)
  if (!arbitrary) byPattern.set(pattern, (arbitrary = fc.stringMatching(new RegExp(pattern, 'u'))))
  return arbitrary
}
let webUrl: fc.Arbitrary<string> | undefined
let dateTime: fc.Arbitrary<string> | undefined

/**
 * Values a schema accepts, as fast-check arbitraries: only declared properties (open schemas accept
 * more, but a TypeScript object literal would not), small arrays and maps.
 */
export function arbitraryOf(node: Located, resolver: RefFollower): fc.Arbitrary<unknown> {
  const { schema, base } = resolver.follow(node)
  const child = (sub: unknown) => arbitraryOf({ schema: sub as Located['schema'], base }, resolver)
  if (Array.isArray(schema.enum)) return fc.constantFrom(...schema.enum)
  if (Array.isArray(schema.anyOf)) return fc.oneof(...schema.anyOf.map(child))
  switch (schema.type) {
    case 'object': {
      if (schema.properties) {
        const model = Object.fromEntries(Object.entries(schema.properties).map(([name, sub]) => [name, child(sub)]))
        return fc.record(model, { requiredKeys: schema.required ?? [] })
      }
      const value = schema.additionalProperties ? child(schema.additionalProperties) : fc.jsonValue({ maxDepth: 1 })
      return fc.dictionary(fc.string({ maxLength: 5 }), value, { maxKeys: 2 })
    }
    case 'array':
      return fc.array(child(schema.items), { maxLength: 2 })
    case 'string':
      if (schema.pattern) return stringMatching(schema.pattern)
      if (schema.format === 'date-time')
        return (dateTime ??= fc
          .date({ min: new Date(0), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true })
          .map((date) => date.toISOString()))
      if (schema.format === 'uri') return (webUrl ??= fc.webUrl())
      return fc.string({ maxLength: 8 })
    case 'integer':
      return fc.integer({
        min: schema.minimum ?? Number.MIN_SAFE_INTEGER,
        max: schema.maximum ?? Number.MAX_SAFE_INTEGER,
      })
    case 'number':
      return fc.double({ noNaN: true, noDefaultInfinity: true })
    case 'boolean':
      return fc.boolean()
    case 'null':
      return fc.constant(null)
    case undefined:
      return fc.jsonValue({ maxDepth: 1 })
  }
  throw new Error(`no arbitrary for ${JSON.stringify(schema)}`)
}
