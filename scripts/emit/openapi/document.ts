import { needsSecretKey, type WebrpcIR } from '../../pipeline/ir.js'
import { errorPayloadSchema } from '../jsonschema/error-schema.js'
import type { JsonSchema } from '../jsonschema/json-schema.js'
import type { SchemaResource, ServiceSchemas } from '../jsonschema/service-schemas.js'
import type { RoutingData } from '../../pipeline/routing-data.js'
import { schemaErrorRows } from '../typescript/shared-modules/errors.js'
import { documentInfo, securitySchemesOf } from './document-parts.js'
import { errorResponseComponents } from './error-responses.js'
import { operationPaths } from './operations.js'
import { serversOf } from './servers.js'
import { toOpenApi30 } from './to-openapi30.js'

const componentRef = (component: string) => `#/components/schemas/${component}`

/**
 * The OpenAPI 3.0.3 document of one service, from its IR and its JSON Schemas translated to 3.0 schema
 * objects (for tools still on 3.0): the operations of operations.ts, servers from schema/networks.json.
 */
export function openapiDocument(ir: WebrpcIR, schemas: ServiceSchemas, routing: RoutingData): unknown {
  const service = ir.services[0]!
  const componentByPath = new Map<string, string>()
  const named: [string, SchemaResource][] = []
  const add = (name: string, resource: SchemaResource) => {
    componentByPath.set(resource.path, name)
    named.push([name, resource])
  }
  const componentOf = (path: string) => {
    const name = componentByPath.get(path)
    if (!name) throw new Error(`openapi: no component for ${path}`)
    return name
  }
  const operationComponent = (key: string, direction: 'Request' | 'Response') => `${key.replace('.', '_')}_${direction}`
  for (const resource of schemas.types) add(String(resource.body.title), resource)
  for (const [key, resource] of schemas.requests) add(operationComponent(key, 'Request'), resource)
  for (const [key, resource] of schemas.responses) add(operationComponent(key, 'Response'), resource)
  for (const resource of schemas.strictTypes) add(`strict.${resource.body.title}`, resource)
  const errorPayload = errorPayloadSchema(ir.errors)
  const components: Record<string, JsonSchema> = Object.fromEntries(
    named.map(([name, resource]) => [name, toOpenApi30(resource.body, resource.path, componentOf)]),
  )
  components.WebrpcError = toOpenApi30(errorPayload.body, errorPayload.path, componentOf)

  const paths = operationPaths(ir, schemas, {
    request: (key) => componentRef(operationComponent(key, 'Request')),
    response: (key) => componentRef(operationComponent(key, 'Response')),
  })
  return {
    openapi: '3.0.3',
    info: documentInfo(ir, schemas.stem),
    components: {
      schemas: components,
      responses: errorResponseComponents(schemaErrorRows(ir), componentRef('WebrpcError')),
      securitySchemes: securitySchemesOf(needsSecretKey(service)),
    },
    paths,
    servers: serversOf(schemas.stem, routing),
  }
}
