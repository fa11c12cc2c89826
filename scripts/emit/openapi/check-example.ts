import { posix } from 'node:path'
import { createValidatingAjv } from '../jsonschema/ajv.js'
import { linkedResources } from '../jsonschema/bundle.js'
import { schemaId } from '../jsonschema/ids.js'
import type { SchemaResource, ServiceSchemas } from '../jsonschema/service-schemas.js'
import { describeAjvErrors } from '../../pipeline/ajv-errors.js'

/** Checks examples against the JSON Schemas of one service: the schemas are added once, each checked resource compiled once. */
export function exampleChecker(schemas: ServiceSchemas): (example: unknown, resource: SchemaResource) => void {
  const ajv = createValidatingAjv()
  ajv.addSchema(
    linkedResources([
      ...schemas.types,
      ...schemas.strictTypes,
      ...schemas.requests.values(),
      ...schemas.responses.values(),
    ]),
  )
  /** Fails generation when an example does not satisfy the JSON Schema of what it exemplifies. */
  return (example, resource) => {
    const validate = ajv.getSchema(schemaId(resource.path))!
    if (!validate(example)) {
      const problems = describeAjvErrors(validate.errors)
      throw new Error(`openapi: the example for ${posix.basename(resource.path)} breaks its schema: ${problems}`)
    }
  }
}
