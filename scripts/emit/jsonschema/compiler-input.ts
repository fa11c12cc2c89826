import type { JsonSchema } from './json-schema.js'

/** Keywords that only describe a value: no validator reads them. */
const annotations = new Set(['title', 'description', 'examples', '$comment'])
/** Keywords the generating ajv compiles without (scripts/emit/jsonschema/ajv.ts): a schema using one is refused. */
export const unsupportedKeywords = new Set([
  '$dynamicRef',
  '$dynamicAnchor',
  '$recursiveRef',
  '$recursiveAnchor',
  'unevaluatedProperties',
  'unevaluatedItems',
])
/** Keywords whose value is a schema or a list of schemas. */
const subschemaKeywords = new Set([
  'items',
  'prefixItems',
  'contains',
  'additionalProperties',
  'propertyNames',
  'not',
  'if',
  'then',
  'else',
  'allOf',
  'anyOf',
  'oneOf',
])
/** Keywords whose value maps names to schemas. */
const schemaMapKeywords = new Set(['properties', 'patternProperties', '$defs', 'dependentSchemas'])

/**
 * A schema as the validators are compiled from it: a copy without its annotations, since ajv's standalone code
 * writes out the whole schema object behind each `enum` it reports (descriptions and all, which the validators
 * would ship) and counts annotations as keywords when it decides which references to inline.
 */
export function compilerInput(schema: JsonSchema, at = '#'): JsonSchema {
  const copy: JsonSchema = {}
  for (const [keyword, value] of Object.entries(schema)) {
    if (unsupportedKeywords.has(keyword))
      throw new Error(`${at}: ${keyword} is not supported by the generated validators (scripts/emit/jsonschema/ajv.ts)`)
    if (annotations.has(keyword)) continue
    const path = `${at}/${keyword}`
    copy[keyword] = subschemaKeywords.has(keyword)
      ? subschemas(value, path)
      : schemaMapKeywords.has(keyword)
        ? Object.fromEntries(
            Object.entries(value as Record<string, unknown>).map(([name, sub]) => [
              name,
              subschemas(sub, `${path}/${name}`),
            ]),
          )
        : value
  }
  return copy
}

function subschemas(value: unknown, at: string): unknown {
  if (Array.isArray(value)) return value.map((item, index) => subschemas(item, `${at}/${index}`))
  return value && typeof value === 'object' ? compilerInput(value as JsonSchema, at) : value
}
