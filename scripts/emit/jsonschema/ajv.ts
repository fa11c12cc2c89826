import { createRequire } from 'node:module'
import type * as Ajv2020Module from 'ajv/dist/2020.js'
import type AddFormatsModule from 'ajv-formats'
import type StandaloneModule from 'ajv/dist/standalone/index.js'

// Loaded with require(): imported from an ES module, Node would first scan each CommonJS file of ajv for
// its export names. The function of ajv-formats and of the standalone module is also their `.default`.
const require = createRequire(import.meta.url)
const { _, Ajv2020 } = require('ajv/dist/2020.js') as typeof Ajv2020Module
const addFormats = (require('ajv-formats') as typeof AddFormatsModule).default
export const standaloneCode = (require('ajv/dist/standalone/index.js') as typeof StandaloneModule).default

/** What strict mode may let pass for one schema. */
export type GeneratingAjvStrictness = Pick<Ajv2020Module.Options, 'allowUnionTypes'>

/**
 * The ajv the validators are generated with: strict mode, every error reported, ESM source output.
 * ajv-formats would make the generated code `require()` its formats; pointing `code.formats` at a
 * name we import instead (from gen/validators/ajv-runtime.ts: scripts/emit/jsonschema/ajv-runtime.ts) keeps the
 * output plain ESM. Each `$ref` calls the one function of the schema it names: by default ajv copies a small
 * referenced schema's code into every place that references it (marketplace's MarketplaceKind four times).
 */
export function createGeneratingAjv(strictness: GeneratingAjvStrictness = {}): Ajv2020Module.Ajv2020 {
  const ajv = new Ajv2020({
    strict: true,
    ...strictness,
    allErrors: true,
    inlineRefs: false,
    code: { source: true, esm: true, lines: true, formats: _`fullFormats` },
  })
  addFormats(ajv)
  return ajv
}
