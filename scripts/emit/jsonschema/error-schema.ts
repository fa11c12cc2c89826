import { docText } from '../documentation.js'
import type { IRError } from '../../pipeline/ir.js'
import { errorPayloadPath } from './ids.js'
import type { JsonSchema } from './json-schema.js'
import type { SchemaResource } from './service-schemas.js'

/**
 * The error object of docs/errors.md. `error` is not an enum and `code` not a fixed set: like responses, it
 * stays open so an old validator accepts an error a newer server adds. The known rows are examples.
 */
export function errorPayloadSchema(errors: readonly IRError[]): SchemaResource {
  const known = [...new Map(errors.map((error) => [error.name, error])).values()]
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .map(
      (error) =>
        `\`${error.name}\` (${error.code}, HTTP ${error.httpStatus})${docText(error) ? `: ${docText(error)}` : ''}`,
    )
  const body: JsonSchema = {
    title: 'WebrpcErrorPayload',
    description: `The JSON body of every failed call (docs/errors.md). Known errors:\n\n${known.join('\n\n')}`,
    type: 'object',
    properties: {
      error: { description: 'Error name, e.g. InvalidArgument.', type: 'string' },
      code: { description: 'Error code, e.g. 2001.', type: 'integer' },
      msg: { description: 'Human-readable message.', type: 'string' },
      cause: { description: 'What caused it, when known.', type: 'string' },
      status: { description: 'The HTTP status of the response.', type: 'integer', minimum: 400, maximum: 599 },
    },
    required: ['error', 'code', 'msg', 'status'],
  }
  return { path: errorPayloadPath, body }
}
