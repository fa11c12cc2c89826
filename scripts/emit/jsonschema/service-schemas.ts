import { docSummary, docText, methodDocumentation, parseDoc } from '../documentation.js'
import {
  argumentKey,
  type IREnum,
  type IRMethod,
  type IRService,
  type IRType,
  loadArgumentFormats,
  type WebrpcIR,
} from '../../pipeline/ir.js'
import { requestPath, responsePath, strictTypePath, typePath } from './ids.js'
import type { JsonSchema } from './json-schema.js'
import { type EmitContext, structSchema, typeSchema } from './type-schema.js'

/** One schema resource before bundling: its path under gen/schemas and its body (no `$schema`, `$id`, `$defs`). */
export interface SchemaResource {
  path: string
  body: JsonSchema
}

export interface ServiceSchemas {
  stem: string
  types: SchemaResource[]
  strictTypes: SchemaResource[]
  requests: Map<string, SchemaResource>
  responses: Map<string, SchemaResource>
}

/** An enum's doc comment, how it is carried, and each documented value's comment. */
function enumDescription(type: IREnum): string {
  const values = type.fields.flatMap((field) => {
    const text = docText(field)
    return text ? [`\`${field.name}\`: ${text}`] : []
  })
  return [docText(type), `Carried as the value's name (${type.type} on the server side).`, ...values]
    .filter(Boolean)
    .join('\n\n')
}

function enumSchema(type: IREnum): JsonSchema {
  return {
    title: type.name,
    description: enumDescription(type),
    type: 'string',
    enum: type.fields.map((field) => field.name),
  }
}

/** Struct names reachable from the request arguments: these get a strict variant. */
function structsInRequests(ir: WebrpcIR, types: ReadonlyMap<string, IRType>): string[] {
  const found = new Set<string>()
  const visit = (expr: string) => {
    for (const name of expr.match(/[A-Za-z_][A-Za-z0-9_]*/g) ?? []) {
      const type = types.get(name)
      if (type?.kind !== 'struct' || found.has(name)) continue
      found.add(name)
      for (const field of type.fields) visit(field.type)
    }
  }
  for (const service of ir.services)
    for (const method of service.methods) for (const input of method.inputs) visit(input.type)
  return [...found]
}

function argumentsSchema(
  stem: string,
  service: IRService,
  method: IRMethod,
  direction: 'request' | 'response',
  types: ReadonlyMap<string, IRType>,
  argumentFormats: ReadonlyMap<string, string>,
): SchemaResource {
  const path = direction === 'request' ? requestPath(stem, method.name) : responsePath(stem, method.name)
  const strict = direction === 'request'
  const context: EmitContext = { stem, fromPath: path, strict, types }
  const args = strict ? method.inputs : method.outputs
  const doc = parseDoc(method)
  const properties: Record<string, JsonSchema> = {}
  for (const arg of args) {
    const formatName =
      strict && arg.type === 'string' ? argumentFormats.get(argumentKey(service, method, arg)) : undefined
    const format = formatName ? { name: formatName, where: `${service.name}.${method.name}(${arg.name})` } : undefined
    const text = (strict ? doc.params : doc.returns).get(arg.name)
    properties[arg.name] = { ...(text ? { description: text } : {}), ...typeSchema(arg.type, context, format) }
  }
  const required = args.filter((arg) => !arg.optional).map((arg) => arg.name)
  const what = strict ? 'Request' : 'Response'
  const route = `POST /rpc/${service.name}/${method.name}`
  const about = strict ? methodDocumentation(method) : docSummary(method)
  return {
    path,
    body: {
      title: `${method.name}${what}`,
      description: `${what} body of ${route}.${about ? ` ${about}` : ''}`,
      type: 'object',
      properties,
      ...(required.length > 0 ? { required } : {}),
      ...(strict ? { additionalProperties: false } : {}),
    },
  }
}

/** Every schema resource of one service root, read from its IR. */
export function serviceSchemas(
  stem: string,
  ir: WebrpcIR,
  argumentFormats: ReadonlyMap<string, string> = loadArgumentFormats(),
): ServiceSchemas {
  const types = new Map(ir.types.map((type) => [type.name, type]))
  const schemaOf = (type: IRType, path: string, strict: boolean): SchemaResource => ({
    path,
    body: type.kind === 'enum' ? enumSchema(type) : structSchema(type, { stem, fromPath: path, strict, types }),
  })
  const result: ServiceSchemas = {
    stem,
    types: ir.types.map((type) => schemaOf(type, typePath(stem, type.name), false)),
    strictTypes: structsInRequests(ir, types).map((name) =>
      schemaOf(types.get(name)!, strictTypePath(stem, name), true),
    ),
    requests: new Map(),
    responses: new Map(),
  }
  for (const service of ir.services) {
    for (const method of service.methods) {
      const request = argumentsSchema(stem, service, method, 'request', types, argumentFormats)
      const response = argumentsSchema(stem, service, method, 'response', types, argumentFormats)
      for (const resource of [request, response]) {
        if (types.has(String(resource.body.title)))
          throw new Error(`${stem}: type ${resource.body.title} collides with a generated request/response schema`)
      }
      result.requests.set(`${service.name}.${method.name}`, request)
      result.responses.set(`${service.name}.${method.name}`, response)
    }
  }
  return result
}
