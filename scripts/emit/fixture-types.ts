/**
 * Text of gen/fixtures.gen.ts: the TypeScript types of schema/fixtures.schema.json, so the types the
 * local server reads fixtures with are the schema that checks them. The root is `Fixtures`, each object
 * under `$defs` is `Fixture<Name>`; other `$defs` (address, decimal, ...) are written in place.
 */
import { addressPattern } from '../../src/runtime/formats.js'
import type { JsonSchema } from './jsonschema/json-schema.js'
import { readDataFile } from '../pipeline/data-files.js'
import { generatedHeader } from './typescript/shared-modules/header.js'

export const fixturesSchemaPath = 'schema/fixtures.schema.json'

/** Keywords that constrain values without changing their TypeScript type. */
const valueKeywords = new Set(['pattern', 'format', 'minimum', 'maximum', 'minLength', 'default', 'description'])
const primitives: Record<string, string> = { string: 'string', integer: 'number', number: 'number', boolean: 'boolean' }

export function loadFixturesSchema(): JsonSchema {
  return JSON.parse(readDataFile(fixturesSchemaPath)) as JsonSchema
}

const pascal = (name: string) => name[0]!.toUpperCase() + name.slice(1)
const isObjectSchema = (schema: JsonSchema) => schema.type === 'object'

export function fixtureTypesText(schema: JsonSchema): string {
  const defs = (schema.$defs ?? {}) as Record<string, JsonSchema>
  // A fixture address is a wire address: the schema file cannot import the pattern, so generation holds it to it.
  if ((defs.address as JsonSchema | undefined)?.pattern !== addressPattern)
    throw new Error(`${fixturesSchemaPath}: $defs.address.pattern must be ${addressPattern} (src/runtime/formats.ts)`)
  const typeName = (def: string) => `Fixture${pascal(def)}`

  function typeOf(node: JsonSchema, where: string, indent: string): string {
    if (typeof node.$ref === 'string') {
      const def = /^#\/\$defs\/(.+)$/.exec(node.$ref)?.[1]
      const target = def === undefined ? undefined : defs[def]
      if (!target) throw new Error(`${where}: cannot resolve $ref ${node.$ref}`)
      return isObjectSchema(target) ? typeName(def!) : typeOf(target, `$defs/${def}`, indent)
    }
    if (Array.isArray(node.enum)) return node.enum.map((value) => JSON.stringify(value)).join(' | ')
    if (Array.isArray(node.type)) return node.type.map((type) => typeOf({ type }, where, indent)).join(' | ')
    if (node.type === 'array') return `${wrapped(typeOf(node.items as JsonSchema, `${where}/items`, indent))}[]`
    if (node.type === 'object') return objectType(node, where, indent)
    const primitive = primitives[String(node.type)]
    if (!primitive) throw new Error(`${where}: no TypeScript type for ${JSON.stringify(node)}`)
    return primitive
  }

  function objectType(node: JsonSchema, where: string, indent: string): string {
    const known = new Set([
      'type',
      'properties',
      'required',
      'additionalProperties',
      'title',
      '$schema',
      '$id',
      '$defs',
    ])
    const unknown = Object.keys(node).filter((keyword) => !known.has(keyword) && !valueKeywords.has(keyword))
    if (unknown.length > 0) throw new Error(`${where}: keywords ${unknown.join(', ')} have no TypeScript form here`)
    const required = new Set((node.required ?? []) as string[])
    const inner = `${indent}  `
    const lines = Object.entries((node.properties ?? {}) as Record<string, JsonSchema>).map(([name, property]) => {
      const doc = typeof property.description === 'string' ? `${inner}/** ${property.description} */\n` : ''
      const key = /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? name : JSON.stringify(name)
      return `${doc}${inner}${key}${required.has(name) ? '' : '?'}: ${typeOf(property, `${where}/${name}`, inner)}`
    })
    // Without additionalProperties: false the schema accepts other members too.
    if (node.additionalProperties !== false) lines.push(`${inner}[member: string]: unknown`)
    return `{\n${lines.join('\n')}\n${indent}}`
  }

  const wrapped = (type: string) => (!type.startsWith('{') && type.includes(' | ') ? `(${type})` : type)
  const declaration = (name: string, node: JsonSchema) => {
    const doc = typeof node.description === 'string' ? `/** ${node.description} */\n` : ''
    return `${doc}export interface ${name} ${objectType(node, name, '')}\n`
  }

  return [
    generatedHeader('scripts/emit/fixture-types.ts', fixturesSchemaPath),
    declaration('Fixtures', schema),
    ...Object.entries(defs)
      .filter(([, node]) => isObjectSchema(node))
      .map(([def, node]) => declaration(typeName(def), node)),
  ].join('\n')
}
