import { posix } from 'node:path'
import { compiledValidators, serviceValidatorSources, standaloneExports } from '../jsonschema/compiled-validators.js'
import { schemaId } from '../jsonschema/ids.js'
import type { SchemaResource, ServiceSchemas } from '../jsonschema/service-schemas.js'
import { describeAjvErrors } from '../../pipeline/ajv-errors.js'

type ExampleCheck = (example: unknown, resource: SchemaResource) => void

// Both documents of a service check their examples against the same schemas: one ajv per service compiles them once.
const checkers = new WeakMap<ServiceSchemas, ExampleCheck>()

/** Checks examples against the JSON Schemas of one service: the schemas are added once, each checked resource compiled once. */
export function exampleChecker(schemas: ServiceSchemas): ExampleCheck {
  let checker = checkers.get(schemas)
  if (!checker) checkers.set(schemas, (checker = newExampleChecker(schemas)))
  return checker
}

function newExampleChecker(schemas: ServiceSchemas): ExampleCheck {
  // The ajv the service's standalone validators are compiled with: a run compiles each schema once for both.
  const { bundle, exported } = serviceValidatorSources(schemas)
  const { ajv } = compiledValidators(bundle, standaloneExports(exported))
  /** Fails generation when an example does not satisfy the JSON Schema of what it exemplifies. */
  return (example, resource) => {
    const validate = ajv.getSchema(schemaId(resource.path))!
    if (!validate(example)) {
      const problems = describeAjvErrors(validate.errors)
      throw new Error(`openapi: the example for ${posix.basename(resource.path)} breaks its schema: ${problems}`)
    }
  }
}
