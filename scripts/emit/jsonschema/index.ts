import type { WebrpcIR } from '../../pipeline/ir.js'
import { selfContained, serviceBundle } from './bundle.js'
import { errorPayloadSchema } from './error-schema.js'
import { bundlePath } from './ids.js'
import { schemaIndex } from './schema-index.js'
import { type SchemaResource, serviceSchemas } from './service-schemas.js'
import { guardName, validatorFiles } from './validator-files.js'
import { validatorSchemasModule } from './validator-schemas.js'
import type { JsonSchema } from './json-schema.js'
import type { Memo } from './validators.js'

const json = (value: unknown) => JSON.stringify(value, null, 2) + '\n'

/**
 * gen/schemas (one self-contained file per type, request, response, the error object; a bundle per
 * service; index.json) and gen/validators (ajv standalone code with typed wrappers), from the IRs.
 */
export function jsonSchemaFiles(irs: ReadonlyMap<string, WebrpcIR>, memo?: Memo): Map<string, string> {
  const files = new Map<string, string>()
  const stems = [...irs.keys()].sort()
  const errorPayload = errorPayloadSchema(stems.flatMap((stem) => irs.get(stem)!.errors))
  const services = stems.map((stem) => serviceSchemas(stem, irs.get(stem)!))
  // Each validator's schema by its name; a type common.ridl shares is one validator (validator-files.ts).
  const validatorSchemas = new Map<string, JsonSchema>([
    [guardName(errorPayload), selfContained(errorPayload, new Map())],
  ])
  for (const service of services) {
    const resources: SchemaResource[] = [
      ...service.types,
      ...service.strictTypes,
      ...service.requests.values(),
      ...service.responses.values(),
      errorPayload,
    ]
    const byPath = new Map(resources.map((resource) => [resource.path, resource]))
    for (const resource of resources) files.set(`schemas/${resource.path}`, json(selfContained(resource, byPath)))
    for (const resource of [...service.types, ...service.requests.values(), ...service.responses.values()])
      if (!validatorSchemas.has(guardName(resource)))
        validatorSchemas.set(guardName(resource), selfContained(resource, byPath))
    const serviceName = irs.get(service.stem)!.services[0]?.name ?? service.stem
    files.set(`schemas/${bundlePath(service.stem)}`, json(serviceBundle(service.stem, serviceName, resources)))
  }
  files.set('schemas/index.json', json(schemaIndex(irs, services, errorPayload)))
  for (const [name, text] of validatorFiles(irs, services, errorPayload, memo)) files.set(`validators/${name}`, text)
  files.set('validators/json-schemas.ts', validatorSchemasModule(validatorSchemas))
  return files
}
