import { addressPattern, decimalPattern, hashPattern, hexPattern } from '../../../src/runtime/formats.js'
import type { JsonSchema } from './json-schema.js'

/**
 * The `+ jsonschema.format` field meta of schema/common.ridl, as JSON Schema. Formats that only
 * constrain strings are patterns, so any JSON Schema validator enforces them without format plugins.
 */
const formats: Record<string, { appliesTo: 'string' | 'number' | 'any'; schema: JsonSchema }> = {
  decimal: { appliesTo: 'string', schema: { type: 'string', pattern: decimalPattern } },
  address: { appliesTo: 'string', schema: { type: 'string', pattern: addressPattern } },
  hash: { appliesTo: 'string', schema: { type: 'string', pattern: hashPattern } },
  hex: { appliesTo: 'string', schema: { type: 'string', pattern: hexPattern } },
  datetime: { appliesTo: 'string', schema: { type: 'string', format: 'date-time' } },
  uri: { appliesTo: 'string', schema: { type: 'string', format: 'uri' } },
  uint256: {
    appliesTo: 'any',
    schema: {
      anyOf: [
        { type: 'integer', minimum: 0 },
        { type: 'string', pattern: decimalPattern },
      ],
    },
  },
  'nullable-number': { appliesTo: 'number', schema: { anyOf: [{ type: 'number' }, { type: 'null' }] } },
}

/** The schema of a format applied to a leaf of the given kind; throws on a format the leaf cannot carry. */
export function formatSchema(format: string, leafKind: 'string' | 'number' | 'any', where: string): JsonSchema {
  const entry = formats[format]
  if (!entry)
    throw new Error(`${where}: unknown jsonschema.format "${format}" (known: ${Object.keys(formats).join(', ')})`)
  if (entry.appliesTo !== leafKind)
    throw new Error(`${where}: format "${format}" applies to ${entry.appliesTo} fields, not ${leafKind}`)
  return structuredClone(entry.schema)
}
