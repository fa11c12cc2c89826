import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { schemaBaseUri } from '../../../../scripts/emit/jsonschema/ids.js'
import * as builder from '../../../../gen/validators/builder.js'
import * as indexer from '../../../../gen/validators/indexer.js'
import * as marketplace from '../../../../gen/validators/marketplace.js'
import * as metadata from '../../../../gen/validators/metadata.js'
import * as relayer from '../../../../gen/validators/relayer.js'
import type { Validator } from '../../../../gen/validators/validator.js'
import { operations, order, collectible, step, webhookPayload } from './support/fixtures.js'
import { arbitraryOf } from '../../../../src/conform/arbitrary.js'
import { plainAjv } from './support/runtime-ajv.js'
import { SchemaResolver } from './support/schema-resolver.js'
import { schemaFiles, indexedServices } from './support/schema-files.js'
import { genImport, typeCheck } from './support/type-check.js'
import { typescriptLiteral, typesNamespace } from './support/typescript-literal.js'

const files = schemaFiles()
const resolver = new SchemaResolver(files)
const index = files.get('index.json')!
const seed = 20240301

/** Every typed validator: the service stem, its export name, and the schema it was generated from. */
const targets = Object.values(indexedServices(index)).flatMap((service) => {
  const stem = String(service.bundle).replace(/^bundles\/|\.json$/g, '')
  const paths = [
    ...(Object.values(service.types) as string[]),
    ...(Object.values(service.methods) as { request: string; response: string }[]).flatMap((method) => [
      method.request,
      method.response,
    ]),
  ]
  return paths.map((path) => {
    const title = String(files.get(path)!.title)
    return { stem, exportName: `is${title}`, id: schemaBaseUri + path }
  })
})
const stems = [...new Set(targets.map((target) => target.stem))]
const validatorModules = new Map<string, Record<string, Validator<unknown>>>(
  Object.entries({ builder, indexer, marketplace, metadata, relayer }).map(([stem, module]) => [
    stem,
    module as unknown as Record<string, Validator<unknown>>,
  ]),
)
const runtimeAjv = plainAjv()
for (const schema of files.values()) runtimeAjv.addSchema(schema)

describe('the schemas and the TypeScript types agree', () => {
  it('values generated from every schema pass its standalone validator and a runtime-compiled ajv alike', () => {
    for (const target of targets) {
      const standalone = validatorModules.get(target.stem)![target.exportName]!
      const runtime = runtimeAjv.getSchema(target.id)!
      fc.assert(
        fc.property(
          arbitraryOf(resolver.resource(target.id), resolver),
          (value) => standalone(value) && runtime(value) === true,
        ),
        { numRuns: 25, seed },
      )
    }
  })

  it('values generated from every schema type-check as the type its validator guards, and wrong ones do not', () => {
    const imports = stems.flatMap((stem) => [
      `import * as ${typesNamespace(stem)} from '${genImport(`${stem}.gen.js`)}'`,
      `import type * as validators_${stem} from '${genImport(`validators/${stem}.js`)}'`,
    ])
    const lines = [...imports, 'type Guarded<V> = V extends (value: unknown) => value is infer T ? T : never']
    let count = 0
    for (const target of targets) {
      const node = resolver.resource(target.id)
      for (const value of fc.sample(arbitraryOf(node, resolver), { numRuns: 4, seed })) {
        lines.push(
          `export const v${count++}: Guarded<typeof validators_${target.stem}.${target.exportName}> = ${typescriptLiteral(value, node, resolver)}`,
        )
      }
    }
    // Controls: the checker must reject these, or the lines above prove nothing.
    const orderNode = resolver.resource(`${schemaBaseUri}marketplace/Order.json`)
    const wrongOrder = typescriptLiteral({ ...order, priceAmount: 5 }, orderNode, resolver)
    lines.push(`export const wrongOrder: Guarded<typeof validators_marketplace.isOrder> = ${wrongOrder}`)
    const wrongLine = lines.length
    // docs/resources.md: min/max are null for STRING properties; the nullable pass makes the generated type say so.
    lines.push(
      `export const nullMin: Guarded<typeof validators_metadata.isPropertyFilter> = { name: 'rarity', type: ${typesNamespace('metadata')}.PropertyType.STRING, min: null, values: [] }`,
    )

    const diagnostics = typeCheck(lines.join('\n') + '\n')
    expect(count).toBe(targets.length * 4)
    expect(diagnostics.map((diagnostic) => diagnostic.line)).toEqual([wrongLine])
  }, 60_000)

  it('the TypeScript fixtures (typed with the generated interfaces) pass the validators of their types', () => {
    expect([marketplace.isOrder(order), marketplace.isCollectible(collectible), marketplace.isStep(step)]).toEqual([
      true,
      true,
      true,
    ])
    expect(indexer.isWebhookPayload(webhookPayload)).toBe(true)
    for (const [key, { request, response }] of Object.entries(operations)) {
      const [service, method] = key.split('.') as [string, string]
      const stem = service.toLowerCase()
      expect(validatorModules.get(stem)![`is${method}Request`]!(request), `${key} request`).toBe(true)
      expect(validatorModules.get(stem)![`is${method}Response`]!(response), `${key} response`).toBe(true)
    }
  })
})
