import { posix } from 'node:path'
import type { JsonSchema } from '../jsonschema/json-schema.js'

const int32 = { min: -2147483648, max: 2147483647 }

/** OpenAPI 3.0 integer format: int32 when the JSON Schema bounds fit, else int64 (uint32 ids overflow an int32). */
function integerFormat(schema: JsonSchema): 'int32' | 'int64' {
  const min = typeof schema.minimum === 'number' ? schema.minimum : -Infinity
  const max = typeof schema.maximum === 'number' ? schema.maximum : Infinity
  return min >= int32.min && max <= int32.max ? 'int32' : 'int64'
}

/**
 * One of our JSON Schema 2020-12 resource bodies as an OpenAPI 3.0 schema object: relative `$ref`s
 * become component references, `anyOf [T, null]` becomes `nullable`, `$ref` with a description is
 * wrapped in allOf (3.0 ignores `$ref` siblings), numbers get the format code generators size them by.
 */
export function toOpenApi30(schema: JsonSchema, fromPath: string, componentOf: (path: string) => string): JsonSchema {
  const convert = (child: unknown) => toOpenApi30(child as JsonSchema, fromPath, componentOf)
  if (typeof schema.$ref === 'string') {
    const { $ref, ...siblings } = schema
    const ref = { $ref: `#/components/schemas/${componentOf(posix.join(posix.dirname(fromPath), $ref))}` }
    return Object.keys(siblings).length === 0 ? ref : { ...siblings, allOf: [ref] }
  }
  if (Array.isArray(schema.anyOf)) {
    const branches = schema.anyOf as JsonSchema[]
    const others = branches.filter((branch) => branch.type !== 'null')
    if (others.length === 1 && branches.length === 2) {
      const { anyOf: _anyOf, ...rest } = schema
      return { ...rest, ...convert(others[0]), nullable: true }
    }
  }
  if ('propertyNames' in schema) throw new Error(`${fromPath}: OpenAPI 3.0 has no propertyNames`)
  const result: JsonSchema = {}
  for (const [keyword, value] of Object.entries(schema)) {
    if (keyword === 'properties') {
      result.properties = Object.fromEntries(
        Object.entries(value as Record<string, unknown>).map(([name, child]) => [name, convert(child)]),
      )
    } else if (keyword === 'items' || (keyword === 'additionalProperties' && typeof value === 'object')) {
      result[keyword] = convert(value)
    } else if (keyword === 'anyOf' || keyword === 'allOf' || keyword === 'oneOf') {
      result[keyword] = (value as unknown[]).map(convert)
    } else {
      result[keyword] = value
    }
  }
  if (result.type === 'integer') result.format ??= integerFormat(result)
  if (result.type === 'number') result.format ??= 'double'
  return result
}
