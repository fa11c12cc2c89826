import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { load } from 'js-yaml'
import { describe, expect, it } from 'vitest'
import { docSummary, docText, methodDocumentation } from '../../../../scripts/emit/documentation.js'
import type { IRMethod } from '../../../../scripts/pipeline/ir.js'
import { schemaBaseUri } from '../../../../scripts/emit/jsonschema/ids.js'
import { genDir, repoRoot } from '../../../../scripts/pipeline/paths.js'
import { schemaOf, webrpcGenSync } from '../../../../scripts/pipeline/webrpc-gen.js'
import { disagreements } from './support/openapi-agreement.js'
import { type Schema, SchemaResolver } from './support/schema-resolver.js'
import { committedIRs } from '../../../support/ir.js'
import { schemaFiles, indexedServices } from './support/schema-files.js'

const files = schemaFiles()
const irMethods = new Map<string, IRMethod>(
  [...committedIRs().values()].flatMap((ir) =>
    ir.services.flatMap((service) =>
      service.methods.map((method) => [`${service.name}.${method.name}`, method] as const),
    ),
  ),
)
const resolver = new SchemaResolver(files)
const services = indexedServices(files.get('index.json')!)

/** Each OpenAPI component that stands for one of our schema resources, with that resource's $id. */
function componentsOf(serviceName: string): [string, string][] {
  const service = services[serviceName]!
  return [
    ...Object.entries(service.types as Record<string, string>).map(([title, path]): [string, string] => [title, path]),
    ...Object.entries(service.strictTypes as Record<string, string>).map(([title, path]): [string, string] => [
      `strict.${title}`,
      path,
    ]),
    ...Object.entries(service.methods as Record<string, { request: string; response: string }>).flatMap(
      ([method, paths]): [string, string][] => [
        [`${serviceName}_${method}_Request`, paths.request],
        [`${serviceName}_${method}_Response`, paths.response],
      ],
    ),
  ].map(([component, path]) => [component, schemaBaseUri + path])
}

function compare(serviceName: string, document: { components: { schemas: Record<string, Schema> } }): string[] {
  const components = document.components.schemas
  const pairs = componentsOf(serviceName)
  const context = { components, componentOf: new Map(pairs.map(([component, id]) => [id, component])) }
  return pairs.flatMap(([component, id]) =>
    components[component]
      ? disagreements(resolver.resource(id), components[component], context, resolver, component)
      : [`${component}: missing`],
  )
}

const stemOf = (serviceName: string) => String(services[serviceName]!.bundle).replace(/^bundles\/|\.json$/g, '')
const committed = (serviceName: string) =>
  JSON.parse(readFileSync(join(genDir, 'openapi', `${stemOf(serviceName)}.json`), 'utf8'))

describe('gen/openapi', () => {
  for (const serviceName of Object.keys(services)) {
    it(`${serviceName}: number fields, enums, nullability, patterns and required agree with the JSON Schemas`, () => {
      expect(compare(serviceName, committed(serviceName))).toEqual([])
    })
  }

  it('webrpc-gen’s own openapi target disagrees (integers as number, no required in requests), which is why the documents are built from the IR', () => {
    const stock = webrpcGenSync(schemaOf('marketplace'), 'openapi')
    const problems = compare('Marketplace', load(stock) as { components: { schemas: Record<string, Schema> } })
    expect(problems).toContain('Order.blockNumber: type "integer" vs "number"')
    expect(problems).toContain('Marketplace_GetOrders_Request: required ["input"] vs []')
  })

  it('is OpenAPI 3.0 with the schema version, every $ref resolves, and every operation carries docs/auth.md security', () => {
    for (const serviceName of Object.keys(services)) {
      const document = committed(serviceName)
      expect(document.openapi).toBe('3.0.3')
      expect(document.info.version).toBe('0.0.1')
      const refs = JSON.stringify(document).match(/"#\/components\/(schemas|responses)\/[^"]+"/g) ?? []
      expect(refs.some((ref) => ref.includes('/responses/'))).toBe(true)
      for (const ref of refs) {
        const [section, name] = JSON.parse(ref).split('/').slice(2) as ['schemas' | 'responses', string]
        expect(Object.hasOwn(document.components[section], name), ref).toBe(true)
      }
      for (const [path, item] of Object.entries(document.paths as Record<string, any>)) {
        const method = irMethods.get(path.replace('/rpc/', '').replace('/', '.'))!
        const expected =
          method.annotations.auth?.value === 'secret' ? [{ AccessKey: [], SecretKey: [] }] : [{ AccessKey: [] }]
        expect(item.post.security, path).toEqual(expected)
        expect(item.post.requestBody.required, path).toBe(true)
      }
    }
  })
})

describe('gen/openapi for tools', () => {
  const networks = (
    JSON.parse(readFileSync(join(repoRoot, 'schema', 'networks.json'), 'utf8')) as {
      networks: { name: string }[]
    }
  ).networks.map((n) => n.name)

  it.each([
    ['marketplace', 'https://marketplace-api.platform.app/{network}', 'http://127.0.0.1:8080/{network}'],
    ['metadata', 'https://metadata.platform.app', 'http://127.0.0.1:8080'],
    ['builder', 'https://api.platform.build', 'http://127.0.0.1:8080'],
    ['relayer', 'https://{network}-relayer.platform.app', 'http://127.0.0.1:8080/{network}-relayer'],
    ['indexer', 'https://{network}-indexer.platform.app', 'http://127.0.0.1:8080/{network}-indexer'],
  ])(
    '%s: servers with the real URL shape, the networks as a variable, the local server second',
    (stem, publicUrl, localUrl) => {
      const doc = JSON.parse(readFileSync(join(genDir, 'openapi', `${stem}.json`), 'utf8'))
      expect(doc.servers.map((s: { url: string }) => s.url)).toEqual([publicUrl, localUrl])
      for (const server of doc.servers)
        if (server.url.includes('{network}')) expect(server.variables.network.enum).toEqual(networks)
      expect(doc.info.license.name).toBe('MIT')
    },
  )

  it("operations are documented from their method's comment, schemas from their type's", () => {
    for (const [stem, ir] of committedIRs()) {
      const doc = JSON.parse(readFileSync(join(genDir, 'openapi', `${stem}.json`), 'utf8'))
      for (const service of ir.services)
        for (const method of service.methods) {
          const { post } = doc.paths[`/rpc/${service.name}/${method.name}`]
          expect(post.summary).toBe(docSummary(method))
          expect(post.description).toBe(methodDocumentation(method))
        }
      for (const type of ir.types) {
        const schema = doc.components.schemas[type.name]
        expect(schema.description, type.name).toContain(docText(type))
        if (type.kind === 'struct')
          for (const field of type.fields)
            expect(JSON.stringify(schema.properties[field.name]), `${type.name}.${field.name}`).toContain(
              JSON.stringify(docText(field)),
            )
      }
    }
  })

  it('every operation has an operationId, security, and one error response per HTTP status without oneOf', () => {
    for (const stem of ['builder', 'indexer', 'marketplace', 'metadata', 'relayer']) {
      const doc = JSON.parse(readFileSync(join(genDir, 'openapi', `${stem}.json`), 'utf8'))
      for (const [path, { post }] of Object.entries(doc.paths as Record<string, { post: any }>)) {
        expect(post.operationId, path).toBe(path.split('/').slice(2).join('_'))
        expect(post.security, path).toBeDefined()
        expect(JSON.stringify(post.responses), path).not.toContain('oneOf')
        for (const status of Object.keys(post.responses)) expect(status, path).toMatch(/^[2-5]\d\d$/)
        expect(Object.keys(post.responses), path).toEqual(expect.arrayContaining(['200', '400', '401', '500']))
      }
    }
  })
})

it('every operation carries a request example from the sample data, and a broken one fails generation', async () => {
  const { exampleChecker } = await import('../../../../scripts/emit/openapi/check-example.js')
  const { serviceSchemas } = await import('../../../../scripts/emit/jsonschema/service-schemas.js')
  for (const stem of ['builder', 'indexer', 'marketplace', 'metadata', 'relayer']) {
    const doc = JSON.parse(readFileSync(join(genDir, 'openapi', `${stem}.json`), 'utf8'))
    for (const [path, { post }] of Object.entries(doc.paths as Record<string, { post: any }>))
      expect(post.requestBody.content['application/json'].example, path).toBeTypeOf('object')
  }
  const schemas = serviceSchemas('marketplace', committedIRs().get('marketplace')!)
  const request = schemas.requests.get('Marketplace.GetFloorOrder')!
  expect(() => exampleChecker(schemas)({ contractAddress: 'not an address' }, request)).toThrow(
    'the example for GetFloorOrderRequest.json breaks its schema: /contractAddress: must match pattern',
  )
})
