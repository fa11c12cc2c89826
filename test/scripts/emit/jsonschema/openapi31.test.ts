import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { genDir } from '../../../../scripts/pipeline/paths.js'
import { schemaErrorRows } from '../../../../scripts/emit/typescript/shared-modules/errors.js'
import { committedIRs } from '../../../support/ir.js'
import { validateResponse, validateWebhookPayload } from '../../../../src/validate/index.js'

/** gen/openapi/3.1: the JSON Schema 2020-12 bundles as components, the webhook delivery, 200 examples. */
const stems = ['builder', 'indexer', 'marketplace', 'metadata', 'relayer']
const read = (path: string) => JSON.parse(readFileSync(join(genDir, path), 'utf8'))
const document31 = (stem: string) => read(`openapi/3.1/${stem}.json`)

describe.each(stems)('%s', (stem) => {
  it('its schemas are the bundle’s $defs, byte for byte but for where $refs point', () => {
    const bundle = read(`schemas/bundles/${stem}.json`)
    const doc = document31(stem)
    expect(doc.openapi).toBe('3.1.0')
    expect(doc.jsonSchemaDialect).toBe(bundle.$schema)
    expect(JSON.stringify(doc.components.schemas)).toBe(
      JSON.stringify(bundle.$defs).replaceAll('"#/$defs/', '"#/components/schemas/'),
    )
  })

  it('both versions answer every operation with a 200 example its response schema accepts, and the same servers', () => {
    const doc30 = read(`openapi/${stem}.json`)
    const doc = document31(stem)
    expect(doc.servers).toEqual(doc30.servers)
    for (const [path, { post }] of Object.entries(doc.paths as Record<string, { post: any }>)) {
      const [service, method] = path.split('/').slice(2) as [string, string]
      const example = post.responses['200'].content['application/json'].example
      expect(validateResponse(service, method, example), path).toEqual({ ok: true })
      expect(doc30.paths[path].post.responses['200'].content['application/json'].example, path).toEqual(example)
    }
  })

  it('both versions write each error of the table once, under components.responses, and every operation refers to them', () => {
    const rows = schemaErrorRows(committedIRs().get(stem)!)
    for (const doc of [read(`openapi/${stem}.json`), document31(stem)]) {
      const { responses } = doc.components
      const examples = Object.entries(responses as Record<string, any>).flatMap(([name, response]) =>
        Object.values(response.content['application/json'].examples).map((example: any) => {
          expect(name).toBe(`Error${example.value.status}`)
          return example.value
        }),
      )
      expect(examples).toEqual(expect.arrayContaining(rows))
      expect(examples).toHaveLength(rows.length)
      const refs = Object.fromEntries(
        Object.keys(responses).map((name) => [name.slice('Error'.length), { $ref: `#/components/responses/${name}` }]),
      )
      for (const [path, { post }] of Object.entries(doc.paths as Record<string, { post: any }>))
        expect(post.responses, path).toMatchObject(refs)
    }
  })
})

it('the Indexer’s webhooks entry: POST, the three Standard Webhooks headers, the payload schema, what a receiver answers', () => {
  const doc = document31('indexer')
  const { post } = doc.webhooks.WebhookDelivery
  expect(post.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`)).toEqual([
    'header:webhook-id',
    'header:webhook-timestamp',
    'header:webhook-signature',
  ])
  const body = post.requestBody.content['application/json']
  expect(body.schema).toEqual({ $ref: '#/components/schemas/WebhookPayload' })
  expect(validateWebhookPayload(body.example)).toEqual({ ok: true })
  expect(post.description).toMatch(/HMAC-SHA256/)
  expect(Object.keys(post.responses)).toEqual(['200', '400', '401', '410'])
  for (const stem of stems.filter((s) => s !== 'indexer')) expect(document31(stem).webhooks).toBeUndefined()
})
