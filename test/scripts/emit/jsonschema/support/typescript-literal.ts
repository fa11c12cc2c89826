import type { Located, SchemaResolver } from './schema-resolver.js'
import { schemaBaseUri } from '../../../../../scripts/emit/jsonschema/ids.js'

/** The namespace a test program imports gen/<stem>.gen.ts as. */
export const typesNamespace = (stem: string) => `types_${stem}`

/**
 * A JSON value as a TypeScript expression the type checker can judge: enum values become the enum's
 * member (`types_marketplace.OrderStatus["active"]`), the way a wire string is read as a TS enum.
 */
export function typescriptLiteral(value: unknown, node: Located, resolver: SchemaResolver): string {
  const { schema, base } = resolver.follow(node)
  if (Array.isArray(schema.enum) && typeof value === 'string' && schema.title) {
    const stem = base.slice(schemaBaseUri.length).split('/')[0]!
    return `${typesNamespace(stem)}.${schema.title}[${JSON.stringify(value)}]`
  }
  if (Array.isArray(value) && schema.type === 'array') {
    return `[${value.map((item) => typescriptLiteral(item, { schema: schema.items, base }, resolver)).join(', ')}]`
  }
  if (value && typeof value === 'object' && !Array.isArray(value) && schema.properties) {
    const entries = Object.entries(value).map(
      ([key, item]) =>
        `${JSON.stringify(key)}: ${typescriptLiteral(item, { schema: schema.properties[key], base }, resolver)}`,
    )
    return `{ ${entries.join(', ')} }`
  }
  return Object.is(value, -0) ? '-0' : JSON.stringify(value)
}
