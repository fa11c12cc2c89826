import { load } from 'js-yaml'
import { authKind, needsSecretKey, type WebrpcIR } from '../ir.js'
import type { JsonSchema } from '../jsonschema/json-schema.js'
import type { SchemaResource, ServiceSchemas } from '../jsonschema/service-schemas.js'
import { toOpenApi30 } from './to-openapi30.js'
import { refsIn } from '../jsonschema/refs.js'
import { errorPayloadSchema } from '../jsonschema/error-schema.js'
import type { RoutingData } from '../routing-data.js'
import { errorResponsesByStatus } from './error-responses.js'
import { exampleChecker } from './check-example.js'
import { requestExamples } from './examples.js'
import { serversOf } from './servers.js'

type Operation = {
  operationId?: string
  requestBody?: { required?: boolean; content: Record<string, { example?: unknown }> }
  responses: Record<string, unknown>
  security?: unknown[]
}
interface OpenApiDocument {
  openapi: string
  info: { title: string; version: string; description?: string; license?: unknown; contact?: unknown }
  servers?: unknown[]
  components: { schemas: Record<string, JsonSchema>; securitySchemes?: Record<string, unknown> }
  paths: Record<string, { post: Operation }>
}

/**
 * Our pass over webrpc-gen's openapi target (gen-openapi v0.15.0). The stock document types every
 * integer as `number`, maps as maps of objects, nullable numbers as plain numbers, leaves requests
 * without `required` or strictness and the version empty. We keep its paths and error rows and put
 * our JSON Schemas, translated to OpenAPI 3.0, in place of its component schemas.
 */
export function fixOpenApi(
  stockYaml: string,
  ir: WebrpcIR,
  schemas: ServiceSchemas,
  routing: RoutingData,
): OpenApiDocument {
  const doc = load(stockYaml) as OpenApiDocument
  const service = ir.services[0]!
  const componentByPath = new Map<string, string>()
  const named: [string, SchemaResource][] = []
  const add = (name: string, resource: SchemaResource) => {
    componentByPath.set(resource.path, name)
    named.push([name, resource])
  }
  for (const resource of schemas.types) add(String(resource.body.title), resource)
  for (const resource of schemas.strictTypes) add(`strict.${resource.body.title}`, resource)
  for (const [key, resource] of schemas.requests) add(`${key.replace('.', '_')}_Request`, resource)
  for (const [key, resource] of schemas.responses) add(`${key.replace('.', '_')}_Response`, resource)
  const componentOf = (path: string) => {
    const name = componentByPath.get(path)
    if (!name) throw new Error(`openapi: no component for ${path}`)
    return name
  }

  for (const [name, resource] of named) {
    if (!name.startsWith('strict.') && !(name in doc.components.schemas))
      throw new Error(`openapi: stock document has no component ${name}; did gen-openapi rename it?`)
    doc.components.schemas[name] = toOpenApi30(resource.body, resource.path, componentOf)
  }
  // The stock per-error components make way for one error schema and a response per HTTP status.
  // Error rows no operation answers with (WebrpcStreamFinished is not in SPEC §7) are dropped with them.
  const errorResponses = errorResponsesByStatus(
    doc.components.schemas,
    [...new Set(refsIn(doc.paths))]
      .map((ref) => ref.replace('#/components/schemas/', ''))
      .filter((name) => name.startsWith('Error')),
  )
  for (const name of Object.keys(doc.components.schemas))
    if (name.startsWith('Error')) delete doc.components.schemas[name]
  const errorPayload = errorPayloadSchema(ir.errors)
  doc.components.schemas.WebrpcError = toOpenApi30(errorPayload.body, errorPayload.path, componentOf)

  doc.openapi = '3.0.3'
  doc.info.version = ir.version.replace(/^v/, '')
  doc.info.description = `Generated from schema/${schemas.stem}.ridl by webrpc-gen's openapi target and scripts/openapi. DO NOT EDIT.`
  doc.info.license = { name: 'MIT', url: 'https://opensource.org/license/mit' }
  doc.info.contact = { name: 'web3-market-contract maintainers' }
  doc.servers = serversOf(schemas.stem, routing)
  doc.components.securitySchemes = {
    AccessKey: {
      type: 'apiKey',
      in: 'header',
      name: 'X-Access-Key',
      description: 'Public project access key (SPEC §5).',
    },
    SecretKey: {
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'JWT',
      description: 'Secret API key of a project (SPEC §5).',
    },
  }
  const checkExample = exampleChecker(schemas)
  for (const method of service.methods) {
    const operation = doc.paths[`/rpc/${service.name}/${method.name}`]?.post
    if (!operation) throw new Error(`openapi: no path for ${service.name}.${method.name}`)
    if (operation.requestBody) {
      operation.requestBody.required = true
      const example = requestExamples[`${service.name}.${method.name}`]
      const request = schemas.requests.get(`${service.name}.${method.name}`)!
      if (example === undefined) throw new Error(`openapi: no request example for ${service.name}.${method.name}`)
      checkExample(example, request)
      operation.requestBody.content['application/json']!.example = example
    }
    operation.operationId = `${service.name}_${method.name}`
    const { '4XX': _client, '5XX': _server, ...answers } = operation.responses
    operation.responses = { ...answers, ...errorResponses }
    operation.security = [authKind(method) === 'secretKey' ? { AccessKey: [], SecretKey: [] } : { AccessKey: [] }]
  }
  if (!needsSecretKey(service)) delete doc.components.securitySchemes.SecretKey
  return doc
}
