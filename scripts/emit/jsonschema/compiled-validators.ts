import { checkAgainstMetaSchema, createGeneratingAjv, type GeneratingAjvStrictness, standaloneCode } from './ajv.js'
import type { Ajv2020 } from 'ajv/dist/2020.js'
import { linkedResources } from './bundle.js'
import { schemaId } from './ids.js'
import { compilerInput } from './compiler-input.js'
import type { JsonSchema } from './json-schema.js'
import type { SchemaResource, ServiceSchemas } from './service-schemas.js'

/** A service's validators: every resource linked in one bundle, those with a validator of their own exported by title. */
export function serviceValidatorSources(service: ServiceSchemas): { bundle: JsonSchema; exported: SchemaResource[] } {
  const exported = [...service.types, ...service.requests.values(), ...service.responses.values()]
  return { bundle: linkedResources([...exported, ...service.strictTypes]), exported }
}

/** The standalone module's exports: each resource's validator by its title. */
export const standaloneExports = (resources: readonly SchemaResource[]): Record<string, string> =>
  Object.fromEntries(resources.map((resource) => [String(resource.body.title), schemaId(resource.path)]))

/** An ajv holding a bundle's validators, compiled, and ajv's standalone code of the exported ones. */
export interface CompiledValidators {
  ajv: Ajv2020
  code: string
}

/**
 * One compilation per bundle in a run: the standalone validators (scripts/emit/jsonschema/validators.ts) and the
 * OpenAPI example checks (scripts/emit/openapi/check-example.ts) of a service use the same compiled functions,
 * whichever step comes first. The standalone code is made at once, so the functions are numbered in the order of
 * the exports whatever an example check compiles later. The last few bundles are kept: gen:watch's worker
 * compiles a new bundle on each save.
 */
const compiled = new Map<string, CompiledValidators>()
const kept = 12

export function compiledValidators(
  bundle: JsonSchema,
  exports: Record<string, string>,
  strictness: GeneratingAjvStrictness = {},
): CompiledValidators {
  const key = JSON.stringify([bundle, exports, strictness])
  let entry = compiled.get(key)
  if (!entry) {
    const ajv = createGeneratingAjv(strictness)
    const input = compilerInput(bundle)
    checkAgainstMetaSchema(input)
    ajv.addSchema(input)
    entry = { ajv, code: standaloneCode(ajv, exports) }
    compiled.set(key, entry)
    for (const old of compiled.keys()) if (compiled.size > kept) compiled.delete(old)
  }
  return entry
}
