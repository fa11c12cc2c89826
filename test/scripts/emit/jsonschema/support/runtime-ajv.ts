import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormatsModule from 'ajv-formats'

const addFormats = addFormatsModule.default

/** A plain ajv as another team would set it up: draft 2020-12, strict mode, ajv-formats. */
export function plainAjv(options: { allErrors?: boolean } = {}): Ajv2020 {
  const ajv = new Ajv2020({ strict: true, allErrors: options.allErrors ?? true })
  addFormats(ajv)
  return ajv
}
