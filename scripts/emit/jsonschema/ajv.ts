import { createRequire } from 'node:module'
import type * as Ajv2020Module from 'ajv/dist/2020.js'
import type AddFormatsModule from 'ajv-formats'
import type StandaloneModule from 'ajv/dist/standalone/index.js'
import { compilePattern } from '../../../src/runtime/pattern-test.js'
import { helperNames } from './ajv-runtime.js'

// Loaded with require(): imported from an ES module, Node would first scan each CommonJS file of ajv for
// its export names. The function of ajv-formats and of the standalone module is also their `.default`.
const require = createRequire(import.meta.url)
const { Ajv2020, Name } = require('ajv/dist/2020.js') as typeof Ajv2020Module
const addFormats = (require('ajv-formats') as typeof AddFormatsModule).default
export const standaloneCode = (require('ajv/dist/standalone/index.js') as typeof StandaloneModule).default

/** What strict mode may let pass for one schema. */
export type GeneratingAjvStrictness = Pick<Ajv2020Module.Options, 'allowUnionTypes'>

/**
 * References to a schema of at most this many keywords (as ajv counts them: nested ones included, annotations
 * stripped by compiler-input.ts) and no reference of its own are compiled in place: enums, scalars and small
 * objects such as a fee entry. Larger or referencing schemas stay one function each, called from every place that
 * references them, which keeps the validators' bundle within its budget (BENCHMARKS.md, "Validators bundle").
 */
const inlinedSchemaKeywords = 20

/** How the validators test a `pattern`: compilePattern here, and by its name in the standalone code. */
const patternTests = Object.assign((source: string, flags: string) => compilePattern(source, flags), {
  code: helperNames.patternTests,
})

/**
 * The ajv the validators are generated with: strict mode, every error reported, ESM source output.
 * ajv-formats would make the generated code `require()` its formats; pointing `code.formats` at a
 * name we import instead (from gen/validators/ajv-runtime.ts: scripts/emit/jsonschema/ajv-runtime.ts) keeps the
 * output plain ESM. Patterns are tested by src/runtime/pattern-test.ts, imported the same way.
 */
export function createGeneratingAjv(strictness: GeneratingAjvStrictness = {}): Ajv2020Module.Ajv2020 {
  const ajv = new Ajv2020({
    strict: true,
    ...strictness,
    allErrors: true,
    inlineRefs: inlinedSchemaKeywords,
    // Schemas are checked against the draft's meta-schema by metaSchemaChecker, compiled once per process: made
    // anew in each ajv, it took longer than most of the bundles compiled after it.
    validateSchema: false,
    code: { source: true, esm: true, lines: true, formats: new Name(helperNames.formats), regExp: patternTests },
  })
  addFormats(ajv)
  // Ajv2020 makes every validator ready for `$dynamicRef` and `unevaluated*`: each function takes (and allocates
  // when called) a `dynamicAnchors` object and tracks the properties it evaluated, on every call. The schemas
  // compiled here use neither (compiler-input.ts refuses them), so both are turned off: ajv reads these options
  // when it makes a validator's code.
  ajv.opts.dynamicRef = false
  ajv.opts.unevaluated = false
  return ajv
}

let metaSchemaChecker: Ajv2020Module.Ajv2020 | undefined

/** Throws, saying why, unless `schema` is valid against its draft's meta-schema. */
export function checkAgainstMetaSchema(schema: object): void {
  if (!metaSchemaChecker) {
    metaSchemaChecker = new Ajv2020({ strict: true, allErrors: true })
    addFormats(metaSchemaChecker)
  }
  metaSchemaChecker.validateSchema(schema, true)
}
