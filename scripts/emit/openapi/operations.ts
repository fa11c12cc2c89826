import { authKind, type WebrpcIR } from '../../pipeline/ir.js'
import type { ServiceSchemas } from '../jsonschema/service-schemas.js'
import { schemaErrorRows } from '../typescript/shared-modules/errors.js'
import { requestExamples } from '../../../src/reference/data/request-examples.js'
import { exampleChecker } from './check-example.js'
import { errorResponseRefs } from './error-responses.js'
import { operationDocs } from './operation-docs.js'
import { responseExamples } from './response-examples.js'

/** Where a document keeps the schema of each operation's request and response. */
export interface OperationRefs {
  request: (key: string) => string
  response: (key: string) => string
}

/**
 * `paths` of one service, the same in both OpenAPI versions: POST /rpc/<Service>/<Method> per method
 * with its request and response schemas, a request example and a 200 example from the sample data (each
 * checked against its schema), the key it needs, and a reference to the error response of each HTTP status
 * of docs/errors.md (components.responses, error-responses.ts).
 */
export function operationPaths(ir: WebrpcIR, schemas: ServiceSchemas, refs: OperationRefs): Record<string, unknown> {
  const service = ir.services[0]!
  const errorResponses = errorResponseRefs(schemaErrorRows(ir))
  const checkExample = exampleChecker(schemas)
  const answers = responseExamples()
  return Object.fromEntries(
    service.methods.map((method) => {
      const key = `${service.name}.${method.name}`
      const example = requestExamples[key]
      if (example === undefined) throw new Error(`openapi: no request example for ${key}`)
      checkExample(example, schemas.requests.get(key)!)
      const answer = answers[key]
      if (answer === undefined) throw new Error(`openapi: no response example for ${key} (npm run gen:examples)`)
      checkExample(answer, schemas.responses.get(key)!)
      const operation = {
        ...operationDocs(method),
        requestBody: {
          content: { 'application/json': { schema: { $ref: refs.request(key) }, example } },
          required: true,
        },
        responses: {
          200: {
            description: 'OK',
            content: { 'application/json': { schema: { $ref: refs.response(key) }, example: answer } },
          },
          ...errorResponses,
        },
        operationId: `${service.name}_${method.name}`,
        security: [authKind(method) === 'secretKey' ? { AccessKey: [], SecretKey: [] } : { AccessKey: [] }],
      }
      return [`/rpc/${service.name}/${method.name}`, { post: operation }]
    }),
  )
}
