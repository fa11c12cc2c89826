import { load } from 'js-yaml'
import type { WebrpcIR } from '../ir.js'
import type { JsonSchema } from '../jsonschema/json-schema.js'
import type { SchemaResource, ServiceSchemas } from '../jsonschema/service-schemas.js'
import { toOpenApi30 } from './to-openapi30.js'
import { refsIn } from '../jsonschema/refs.js'

type Operation = { requestBody?: { required?: boolean }; security?: unknown[] }
interface OpenApiDocument {
  openapi: string
  info: { title: string; version: string; description?: string }
  components: { schemas: Record<string, JsonSchema>; securitySchemes?: Record<string, unknown> }
  paths: Record<string, { post: Operation }>
}

/**
 * Our pass over webrpc-gen's openapi target (gen-openapi v0.15.0). The stock document types every
 * integer as `number`, maps as maps of objects, nullable numbers as plain numbers, leaves requests
 * without `required` or strictness and the version empty. We keep its paths and error rows and put
 * our JSON Schemas, translated to OpenAPI 3.0, in place of its component schemas.
 */
export function fixOpenApi(stockYaml: string, ir: WebrpcIR, schemas: ServiceSchemas): OpenApiDocument {
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
  const referenced = new Set(refsIn(doc.paths))
  for (const [name, schema] of Object.entries(doc.components.schemas)) {
    if (!name.startsWith('Error')) continue
    // Error rows no operation answers with (WebrpcStreamFinished is not in SPEC §7) are dropped.
    if (!referenced.has(`#/components/schemas/${name}`)) delete doc.components.schemas[name]
    else
      for (const field of ['code', 'status'])
        Object.assign((schema.properties as Record<string, JsonSchema>)[field]!, { type: 'integer', format: 'int32' })
  }

  doc.openapi = '3.0.3'
  doc.info.version = ir.version.replace(/^v/, '')
  doc.info.description = `Generated from schema/${schemas.stem}.ridl by webrpc-gen's openapi target and scripts/openapi. DO NOT EDIT.`
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
  for (const method of service.methods) {
    const operation = doc.paths[`/rpc/${service.name}/${method.name}`]?.post
    if (!operation) throw new Error(`openapi: no path for ${service.name}.${method.name}`)
    if (operation.requestBody) operation.requestBody.required = true
    operation.security = [
      method.annotations.auth?.value === 'secret' ? { AccessKey: [], SecretKey: [] } : { AccessKey: [] },
    ]
  }
  return doc
}
