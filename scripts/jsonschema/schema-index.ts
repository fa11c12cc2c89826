import type { WebrpcIR } from '../ir.js'
import { bundlePath, schemaBaseUri } from './ids.js'
import type { SchemaResource, ServiceSchemas } from './service-schemas.js'

const byTitle = (resources: Iterable<SchemaResource>) =>
  Object.fromEntries([...resources].map((resource) => [String(resource.body.title), resource.path]))

/** gen/schemas/index.json: every file by service and role, paths relative to the schemas folder. */
export function schemaIndex(
  irs: ReadonlyMap<string, WebrpcIR>,
  services: readonly ServiceSchemas[],
  errorPayload: SchemaResource,
) {
  return {
    baseUri: schemaBaseUri,
    errorPayload: errorPayload.path,
    services: Object.fromEntries(
      services.map((service) => {
        const name = irs.get(service.stem)!.services[0]?.name ?? service.stem
        const methods = Object.fromEntries(
          [...service.requests.keys()].map((key) => [
            key.split('.')[1]!,
            { request: service.requests.get(key)!.path, response: service.responses.get(key)!.path },
          ]),
        )
        const entry = {
          bundle: bundlePath(service.stem),
          types: byTitle(service.types),
          strictTypes: byTitle(service.strictTypes),
          methods,
        }
        return [name, entry]
      }),
    ),
  }
}
