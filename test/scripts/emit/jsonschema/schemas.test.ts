import { describe, expect, it } from 'vitest'
import OrderSchema from '../../../../gen/schemas/marketplace/Order.json' with { type: 'json' }
import { docText } from '../../../../scripts/emit/documentation.js'
import { schemaBaseUri } from '../../../../scripts/emit/jsonschema/ids.js'
import { order } from './support/fixtures.js'
import { committedIRs } from '../../../support/ir.js'
import { plainAjv } from './support/runtime-ajv.js'
import { indexedServices, isSchemaResource, schemaFiles } from './support/schema-files.js'

const files = schemaFiles()
const irs = committedIRs()

describe('gen/schemas', () => {
  it('every file compiles on its own under ajv strict mode (draft 2020-12 + ajv-formats)', () => {
    const failures: string[] = []
    for (const [path, schema] of files) {
      try {
        plainAjv().compile(schema)
      } catch (error) {
        failures.push(`${path}: ${(error as Error).message}`)
      }
    }
    expect(failures).toEqual([])
  })

  it('all files (types, requests, responses, payload, error, bundles, index) load into one ajv, each found by its $id', () => {
    const ajv = plainAjv()
    for (const schema of files.values()) ajv.addSchema(schema)
    for (const [path, schema] of files) expect(ajv.getSchema(schema.$id), path).toBeTypeOf('function')
  })

  it('each service bundle holds every resource of its service under $defs', () => {
    const ajv = plainAjv()
    for (const [path, bundle] of files) if (path.startsWith('bundles/')) ajv.addSchema(bundle)
    for (const [path, schema] of files) {
      if (!isSchemaResource(path) || path === 'WebrpcErrorPayload.json') continue
      const [stem, ...rest] = path.replace(/\.json$/, '').split('/')
      const pointer = `${schemaBaseUri}bundles/${stem}.json#/$defs/${rest.join('.')}`
      expect(ajv.getSchema(pointer), path).toBeTypeOf('function')
    }
  })

  it('$ids are stable: the base URI plus the path of the file', () => {
    for (const [path, schema] of files) expect(schema.$id).toBe(schemaBaseUri + path)
  })

  it('a newcomer validates an Order with plain ajv and the one imported file', () => {
    const validate = plainAjv().compile(OrderSchema)
    expect(validate(order)).toBe(true)
    expect(validate({ ...order, marketplace: 'ebay', priceAmount: '1.5' })).toBe(false)
    expect(validate.errors?.map((error) => `${error.instancePath} ${error.keyword}`).sort()).toEqual([
      '/marketplace enum',
      '/priceAmount pattern',
    ])
  })

  it('`required` is exactly the non-optional RIDL fields, and enums are exactly the RIDL values, for every type', () => {
    for (const [stem, ir] of irs) {
      for (const type of ir.types) {
        const schema = files.get(`${stem}/${type.name}.json`)!
        expect(schema.title).toBe(type.name)
        if (type.kind === 'enum') {
          expect(schema.enum).toEqual(type.fields.map((field) => field.name))
          continue
        }
        const required = type.fields.filter((field) => !field.optional).map((field) => field.name)
        expect(schema.required ?? [], `${stem}/${type.name}`).toEqual(required)
        expect(Object.keys(schema.properties)).toEqual(type.fields.map((field) => field.name))
        const strict = files.get(`${stem}/strict/${type.name}.json`)
        if (strict) expect(strict.required ?? []).toEqual(required)
      }
    }
  })

  it('requests and responses require exactly the non-optional arguments; requests are strict, responses open', () => {
    for (const [stem, ir] of irs) {
      for (const method of ir.services.flatMap((service) => service.methods)) {
        const request = files.get(`${stem}/${method.name}Request.json`)!
        const response = files.get(`${stem}/${method.name}Response.json`)!
        expect(request.required ?? []).toEqual(method.inputs.filter((arg) => !arg.optional).map((arg) => arg.name))
        expect(response.required ?? []).toEqual(method.outputs.filter((arg) => !arg.optional).map((arg) => arg.name))
        expect(request.additionalProperties).toBe(false)
        expect(response).not.toHaveProperty('additionalProperties')
      }
    }
  })

  it('descriptions come from the RIDL comments of structs, fields, methods and their @param tags', () => {
    const webhookFilters = files.get('indexer/WebhookFilters.json')!
    expect(webhookFilters.description).toMatch(/^Which on-chain events a webhook listener receives/)
    expect(webhookFilters.properties.events.description).toMatch(/^Solidity event signatures/)
    const request = files.get('metadata/TokenCollectionFiltersRequest.json')!
    expect(request.description).toMatch(
      /^Request body of POST \/rpc\/Metadata\/TokenCollectionFilters\. Returns the property filters of a token collection/,
    )
    expect(request.description).toContain('`X-Access-Key`')
    expect(request.properties.chainId.description).toMatch(/^Numeric chain id as text/)
    expect(files.get('indexer/RemoveWebhookListenerRequest.json')!.description).toContain(
      '`Authorization: BEARER <secret API key>`',
    )
  })

  it("the error object's description documents every schema error from its comment", () => {
    const { description } = files.get('WebrpcErrorPayload.json')!
    for (const error of irs.get('marketplace')!.errors)
      expect(description).toContain(`\`${error.name}\` (${error.code}, HTTP ${error.httpStatus}): ${docText(error)}`)
  })

  it('the error object matches docs/errors.md: error, code, msg, status required; cause optional', () => {
    const schema = files.get('WebrpcErrorPayload.json')!
    expect(Object.keys(schema.properties)).toEqual(['error', 'code', 'msg', 'cause', 'status'])
    expect(schema.required).toEqual(['error', 'code', 'msg', 'status'])
    const validate = plainAjv().compile(schema)
    expect(validate({ error: 'InvalidArgument', code: 2001, msg: 'Invalid argument', status: 400 })).toBe(true)
    expect(validate({ error: 'InvalidArgument', code: '2001', msg: 'Invalid argument' })).toBe(false)
  })

  it('index.json lists every schema file, and every file it lists exists', () => {
    const index = files.get('index.json')!
    const listed = new Set<string>([index.$defs.errorPayload.$ref])
    for (const service of Object.values(indexedServices(index))) {
      listed.add(service.bundle)
      for (const path of [...Object.values(service.types), ...Object.values(service.strictTypes)] as string[])
        listed.add(path)
      for (const method of Object.values(service.methods)) listed.add(method.request).add(method.response)
    }
    expect([...listed].sort()).toEqual([...files.keys()].filter((path) => path !== 'index.json').sort())
  })
})
