import { _, Ajv2020 } from 'ajv/dist/2020.js'
import addFormatsModule from 'ajv-formats'

// CommonJS modules seen from NodeNext ESM: the function is the module itself and also its .default.
const addFormats = addFormatsModule.default

/**
 * The ajv the validators are generated with: strict mode, every error reported, ESM source output.
 * ajv-formats would make the generated code `require()` its formats; pointing `code.formats` at a
 * name we import instead keeps the output plain ESM.
 */
export function createGeneratingAjv(): Ajv2020 {
  const ajv = new Ajv2020({
    strict: true,
    allErrors: true,
    code: { source: true, esm: true, lines: true, formats: _`fullFormats` },
  })
  addFormats(ajv)
  return ajv
}

export const formatsImport = `import { fullFormats } from 'ajv-formats/dist/formats.js'`
