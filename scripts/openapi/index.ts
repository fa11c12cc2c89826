import type { WebrpcIR } from '../ir.js'
import { serviceSchemas } from '../jsonschema/service-schemas.js'
import type { RoutingData } from '../routing-data.js'
import { openapiDocument } from './document.js'

/** gen/openapi/<stem>.json: the OpenAPI document of one service, from its IR. */
export function openapiFile(stem: string, ir: WebrpcIR, routing: RoutingData): string {
  return JSON.stringify(openapiDocument(ir, serviceSchemas(stem, ir), routing), null, 2) + '\n'
}
