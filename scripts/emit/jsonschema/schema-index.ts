import type { WebrpcIR } from '../../pipeline/ir.js'
import { bundlePath, schemaId } from './ids.js'
import { draft2020 } from './json-schema.js'
import type { SchemaResource, ServiceSchemas } from './service-schemas.js'

export const schemaIndexPath = 'index.json'

/**
 * gen/schemas/index.json: every file by service, role and name. It is itself a JSON Schema (so it loads
 * beside the others, strict mode included): each `$defs` entry is a dotted name pointing to one file by
 * a `$ref` relative to the schemas folder.
 */
export function schemaIndex(
  irs: ReadonlyMap<string, WebrpcIR>,
  services: readonly ServiceSchemas[],
  errorPayload: SchemaResource,
) {
  const entries: [string, string][] = [['errorPayload', errorPayload.path]]
  for (const service of services) {
    const name = irs.get(service.stem)!.services[0]?.name ?? service.stem
    entries.push([`${name}.bundle`, bundlePath(service.stem)])
    for (const type of service.types) entries.push([`${name}.types.${type.body.title}`, type.path])
    for (const type of service.strictTypes) entries.push([`${name}.strictTypes.${type.body.title}`, type.path])
    for (const [key, request] of service.requests) {
      const method = key.split('.')[1]!
      entries.push([`${name}.methods.${method}.request`, request.path])
      entries.push([`${name}.methods.${method}.response`, service.responses.get(key)!.path])
    }
  }
  return {
    $schema: draft2020,
    $id: schemaId(schemaIndexPath),
    title: 'web3-market-contract JSON Schemas',
    description:
      "Every schema file, by a dotted name: errorPayload, <Service>.bundle, <Service>.types.<Type>, <Service>.strictTypes.<Type>, <Service>.methods.<Method>.request and .response. Each $ref is relative to this file; each file's $id is this file's $id with index.json replaced by that path.",
    $defs: Object.fromEntries(entries.map(([name, path]) => [name, { $ref: path }])),
  }
}
