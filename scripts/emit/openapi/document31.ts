import { needsSecretKey, type WebrpcIR } from '../../pipeline/ir.js'
import { defKey, serviceBundle, withRefs } from '../jsonschema/bundle.js'
import { draft2020 } from '../jsonschema/json-schema.js'
import { errorPayloadSchema } from '../jsonschema/error-schema.js'
import type { ServiceSchemas } from '../jsonschema/service-schemas.js'
import type { RoutingData } from '../../pipeline/routing-data.js'
import { schemaErrorRows } from '../typescript/shared-modules/errors.js'
import { exampleChecker } from './check-example.js'
import { documentInfo, securitySchemesOf } from './document-parts.js'
import { errorResponseComponents } from './error-responses.js'
import { operationPaths } from './operations.js'
import { serversOf } from './servers.js'
import { webhookPayloadExample } from './response-examples.js'
import { webhookDelivery } from './webhooks.js'

const bundleRefPrefix = '#/$defs/'
const componentRef = (def: string) => `#/components/schemas/${def}`

/**
 * The OpenAPI 3.1 document of one service. Its schemas are the JSON Schema 2020-12 `$defs` of
 * gen/schemas/bundles/<svc>.json, unchanged but for where their `$ref`s point (`#/$defs/Order` is
 * `#/components/schemas/Order` here): nothing is translated. A service whose schema has the webhook
 * payload (Indexer) describes the delivery under `webhooks`.
 */
export function openapi31Document(ir: WebrpcIR, schemas: ServiceSchemas, routing: RoutingData): unknown {
  const service = ir.services[0]!
  const errorPayload = errorPayloadSchema(ir.errors)
  const bundle = serviceBundle(schemas.stem, service.name, [
    ...schemas.types,
    ...schemas.strictTypes,
    ...schemas.requests.values(),
    ...schemas.responses.values(),
    errorPayload,
  ])
  const components = withRefs(bundle.$defs, (ref) => {
    if (!ref.startsWith(bundleRefPrefix))
      throw new Error(`openapi: unexpected $ref ${ref} in the ${service.name} bundle`)
    return componentRef(ref.slice(bundleRefPrefix.length))
  }) as Record<string, unknown>
  const defOf = (path: string) => componentRef(defKey(path))
  const paths = operationPaths(ir, schemas, {
    request: (key) => defOf(schemas.requests.get(key)!.path),
    response: (key) => defOf(schemas.responses.get(key)!.path),
  })
  const payload = schemas.types.find((resource) => resource.body.title === 'WebhookPayload')
  const example = payload && webhookPayloadExample()
  if (payload) exampleChecker(schemas)(example, payload)
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: draft2020,
    info: documentInfo(ir, schemas.stem),
    servers: serversOf(schemas.stem, routing),
    paths,
    ...(payload ? { webhooks: { WebhookDelivery: webhookDelivery(defOf(payload.path), example) } } : {}),
    components: {
      schemas: components,
      responses: errorResponseComponents(schemaErrorRows(ir), defOf(errorPayload.path)),
      securitySchemes: securitySchemesOf(needsSecretKey(service)),
    },
  }
}
