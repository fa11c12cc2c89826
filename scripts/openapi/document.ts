import { authKind, needsSecretKey, type WebrpcIR } from '../ir.js'
import { errorPayloadSchema } from '../jsonschema/error-schema.js'
import type { JsonSchema } from '../jsonschema/json-schema.js'
import type { SchemaResource, ServiceSchemas } from '../jsonschema/service-schemas.js'
import type { RoutingData } from '../routing-data.js'
import { schemaErrorRows } from '../shared-modules/errors.js'
import { exampleChecker } from './check-example.js'
import { errorResponsesByStatus } from './error-responses.js'
import { requestExamples } from './examples.js'
import { serversOf } from './servers.js'
import { toOpenApi30 } from './to-openapi30.js'
import { operationDocs } from './operation-docs.js'

const ref = (component: string) => ({ $ref: `#/components/schemas/${component}` })

const securitySchemes = {
  AccessKey: {
    type: 'apiKey',
    in: 'header',
    name: 'X-Access-Key',
    description: 'Public project access key (docs/auth.md).',
  },
  SecretKey: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'Secret API key of a project (docs/auth.md).',
  },
}

/**
 * The OpenAPI 3.0.3 document of one service, from its IR and its JSON Schemas: POST /rpc/<Service>/<Method>
 * per method with its request and response schemas, a request example from the sample data (checked
 * against its schema), the key it needs, and one response per HTTP status of docs/errors.md with the one error
 * schema and an example per error; servers from schema/networks.json.
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

  const errorResponses = errorResponsesByStatus(schemaErrorRows(ir))
  const checkExample = exampleChecker(schemas)
  const paths = Object.fromEntries(
    service.methods.map((method) => {
      const key = `${service.name}.${method.name}`
      const example = requestExamples[key]
      if (example === undefined) throw new Error(`openapi: no request example for ${key}`)
      checkExample(example, schemas.requests.get(key)!)
      const operation = {
        ...operationDocs(method),
        requestBody: {
          content: { 'application/json': { schema: ref(operationComponent(key, 'Request')), example } },
          required: true,
        },
        responses: {
          200: {
            description: 'OK',
            content: { 'application/json': { schema: ref(operationComponent(key, 'Response')) } },
          },
          ...errorResponses,
        },
        operationId: `${service.name}_${method.name}`,
        security: [authKind(method) === 'secretKey' ? { AccessKey: [], SecretKey: [] } : { AccessKey: [] }],
      }
      return [`/rpc/${service.name}/${method.name}`, { post: operation }]
    }),
  )
  const { SecretKey, ...accessKeyOnly } = securitySchemes
  return {
    openapi: '3.0.3',
    info: {
      title: `${service.name} API`,
      version: ir.version.replace(/^v/, ''),
      description: `Generated from schema/${schemas.stem}.ridl by scripts/openapi. DO NOT EDIT.`,
      license: { name: 'MIT', url: 'https://opensource.org/license/mit' },
      contact: { name: 'web3-market-contract maintainers' },
    },
    components: {
      schemas: components,
      securitySchemes: needsSecretKey(service) ? { ...accessKeyOnly, SecretKey } : accessKeyOnly,
    },
    paths,
    servers: serversOf(schemas.stem, routing),
  }
}
