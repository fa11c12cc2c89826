/** The JSON Schema dialects a validator's schema is handed out in (Standard JSON Schema's `target`). */
export const jsonSchemaTargets = ['draft-2020-12', 'draft-07'] as const

type Schema = Record<string, unknown>

/** Keywords of draft 2020-12 that draft-07 lacks: a schema using one has no draft-07 form. */
const draft2020Only = new Set([
  'prefixItems',
  'unevaluatedItems',
  'unevaluatedProperties',
  'dependentRequired',
  'dependentSchemas',
  'minContains',
  'maxContains',
  '$anchor',
  '$dynamicRef',
  '$dynamicAnchor',
])
/** Keywords whose value is a schema, a list of schemas, or schemas by name. */
const schemaValued = new Set([
  'items',
  'additionalProperties',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
])
const schemaListValued = new Set(['anyOf', 'allOf', 'oneOf'])
const schemasByName = new Set(['properties', 'patternProperties', '$defs'])

const isSchema = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** A draft 2020-12 schema (as gen/schemas holds them) rewritten as draft-07: `$defs` become `definitions`. */
function toDraft07(schema: Schema, isRoot: boolean): Schema {
  const converted: Schema = {}
  for (const [keyword, value] of Object.entries(schema)) {
    if (draft2020Only.has(keyword)) throw new TypeError(`this schema uses ${keyword}, which draft-07 lacks`)
    if (isRoot && keyword === '$schema') converted.$schema = 'http://json-schema.org/draft-07/schema#'
    else if (keyword === '$ref' && typeof value === 'string')
      converted.$ref = value.replace(/^#\/\$defs\//, '#/definitions/')
    else if (schemaValued.has(keyword) && isSchema(value)) converted[keyword] = toDraft07(value, false)
    else if (schemaListValued.has(keyword) && Array.isArray(value))
      converted[keyword] = value.map((item: unknown) => (isSchema(item) ? toDraft07(item, false) : item))
    else if (schemasByName.has(keyword) && isSchema(value))
      converted[keyword === '$defs' ? 'definitions' : keyword] = Object.fromEntries(
        Object.entries(value).map(([name, item]) => [name, isSchema(item) ? toDraft07(item, false) : item]),
      )
    else converted[keyword] = structuredClone(value)
  }
  return converted
}

/** `schema` (draft 2020-12) in `target`, a fresh copy the caller may change; throws for a target it cannot write. */
export function schemaForTarget(schema: Readonly<Schema>, target: string): Schema {
  if (target === 'draft-2020-12') return structuredClone(schema) as Schema
  if (target === 'draft-07') return toDraft07(schema, true)
  throw new TypeError(`no JSON Schema for target ${target}: supported are ${jsonSchemaTargets.join(', ')}`)
}
