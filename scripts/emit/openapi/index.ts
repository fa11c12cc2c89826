import type { WebrpcIR } from '../../pipeline/ir.js'
import { serviceSchemas } from '../jsonschema/service-schemas.js'
import type { RoutingData } from '../../pipeline/routing-data.js'
import { openapiDocument } from './document.js'
import { openapi31Document } from './document31.js'

const json = (value: unknown) => JSON.stringify(value, null, 2) + '\n'

/** The OpenAPI documents of one service, from its IR, by path under gen/: openapi/<stem>.json (3.0.3) and openapi/3.1/<stem>.json. */
export function openapiFiles(stem: string, ir: WebrpcIR, routing: RoutingData): [string, string][] {
  const schemas = serviceSchemas(stem, ir)
  return [
    [`openapi/${stem}.json`, json(openapiDocument(ir, schemas, routing))],
    [`openapi/3.1/${stem}.json`, json(openapi31Document(ir, schemas, routing))],
  ]
}
