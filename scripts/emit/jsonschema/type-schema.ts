import { docText } from '../documentation.js'
import { type Commented, fieldFormat, type IRField, type IRStruct, type IRType } from '../../pipeline/ir.js'
import { formatSchema } from './formats.js'
import { relativeRef, strictTypePath, typePath } from './ids.js'
import type { JsonSchema } from './json-schema.js'

/** A node's doc comment as a JSON Schema `description`, or nothing. */
export function describe(node: Commented): { description?: string } {
  const text = docText(node)
  return text ? { description: text } : {}
}

/** Where a schema is being written: references are relative to it, and strict resources reference strict structs. */
export interface EmitContext {
  stem: string
  fromPath: string
  strict: boolean
  types: ReadonlyMap<string, IRType>
}

// webrpc's int/uint (and the 64-bit ones) are unbounded here: JSON numbers, read by JS as doubles.
const integerRanges: Record<string, [number | undefined, number | undefined]> = {
  uint8: [0, 255],
  uint16: [0, 65535],
  uint32: [0, 4294967295],
  uint64: [0, undefined],
  uint: [0, undefined],
  int8: [-128, 127],
  int16: [-32768, 32767],
  int32: [-2147483648, 2147483647],
  int64: [undefined, undefined],
  int: [undefined, undefined],
}

type Leaf = 'string' | 'number' | 'any' | 'other'

function coreSchema(expr: string): { schema: JsonSchema; leaf: Leaf } | undefined {
  if (expr === 'string') return { schema: { type: 'string' }, leaf: 'string' }
  if (expr === 'timestamp') return { schema: { type: 'string', format: 'date-time' }, leaf: 'other' }
  if (expr === 'bool') return { schema: { type: 'boolean' }, leaf: 'other' }
  if (expr === 'float32' || expr === 'float64') return { schema: { type: 'number' }, leaf: 'number' }
  if (expr === 'any') return { schema: {}, leaf: 'any' }
  const range = integerRanges[expr]
  if (!range) return undefined
  const schema: JsonSchema = { type: 'integer' }
  if (range[0] !== undefined) schema.minimum = range[0]
  if (range[1] !== undefined) schema.maximum = range[1]
  return { schema, leaf: 'number' }
}

/** Splits `map<K,V>` at its top-level comma. */
function mapParts(expr: string): [string, string] {
  const inner = expr.slice('map<'.length, -1)
  let depth = 0
  for (let i = 0; i < inner.length; i++) {
    if (inner[i] === '<') depth++
    else if (inner[i] === '>') depth--
    else if (inner[i] === ',' && depth === 0) return [inner.slice(0, i).trim(), inner.slice(i + 1).trim()]
  }
  throw new Error(`cannot read map type ${expr}`)
}

/**
 * The schema of an IR type expression (`[]Order`, `map<string,any>`, `uint64`, `Order`). A format, if
 * given, applies to the innermost value: `[]string` with `address` is an array of addresses.
 */
export function typeSchema(expr: string, context: EmitContext, format?: { name: string; where: string }): JsonSchema {
  if (expr.startsWith('[]')) return { type: 'array', items: typeSchema(expr.slice(2), context, format) }
  if (expr.startsWith('map<')) {
    const [key, value] = mapParts(expr)
    const schema: JsonSchema = { type: 'object' }
    if (key !== 'string') schema.propertyNames = { pattern: '^-?[0-9]+$' }
    if (value !== 'any') schema.additionalProperties = typeSchema(value, context, format)
    return schema
  }
  const core = coreSchema(expr)
  if (core) {
    if (!format) return core.schema
    if (core.leaf === 'other') throw new Error(`${format.where}: a ${expr} cannot carry format "${format.name}"`)
    return formatSchema(format.name, core.leaf, format.where)
  }
  const named = context.types.get(expr)
  if (!named) throw new Error(`${context.fromPath}: unknown type ${expr}`)
  if (format) throw new Error(`${format.where}: format "${format.name}" on ${expr}, which is not a string or number`)
  const target =
    named.kind === 'struct' && context.strict ? strictTypePath(context.stem, expr) : typePath(context.stem, expr)
  return { $ref: relativeRef(context.fromPath, target) }
}

export function fieldSchema(field: IRField, context: EmitContext, owner: string): JsonSchema {
  const formatName = fieldFormat(field)
  const format = formatName ? { name: formatName, where: `${owner}.${field.name}` } : undefined
  return { ...describe(field), ...typeSchema(field.type, context, format) }
}

/** A struct as an object schema; `required` is exactly its non-optional fields, in RIDL order. */
export function structSchema(struct: IRStruct, context: EmitContext): JsonSchema {
  const properties: Record<string, JsonSchema> = {}
  for (const field of struct.fields) properties[field.name] = fieldSchema(field, context, struct.name)
  const required = struct.fields.filter((field) => !field.optional).map((field) => field.name)
  return {
    title: struct.name,
    ...describe(struct),
    type: 'object',
    properties,
    ...(required.length > 0 ? { required } : {}),
    ...(context.strict ? { additionalProperties: false } : {}),
  }
}
