import { posix } from 'node:path'
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormatsModule from 'ajv-formats'
import { selfContained } from '../jsonschema/bundle.js'
import type { SchemaResource, ServiceSchemas } from '../jsonschema/service-schemas.js'

const addFormats = addFormatsModule.default

/** Fails generation when an example does not satisfy the JSON Schema of what it exemplifies. */
export function checkExample(example: unknown, resource: SchemaResource, schemas: ServiceSchemas): void {
  const all = new Map(
    [...schemas.types, ...schemas.strictTypes, ...schemas.requests.values(), ...schemas.responses.values()].map((r) => [
      r.path,
      r,
    ]),
  )
  const ajv = new Ajv2020({ strict: true, allErrors: true })
  addFormats(ajv)
  const validate = ajv.compile(selfContained(resource, all))
  if (!validate(example)) {
    const problems = (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}`).join('; ')
    throw new Error(`openapi: the example for ${posix.basename(resource.path)} breaks its schema: ${problems}`)
  }
}
