import type { WebrpcIR } from '../ir.js'
import { serviceSchemas } from '../jsonschema/service-schemas.js'
import type { RoutingData } from '../routing-data.js'
import { fixOpenApi } from './fix-document.js'

/** gen/openapi/<stem>.json: webrpc-gen's OpenAPI document of one service after our fix-up pass. */
export function openapiFile(stem: string, ir: WebrpcIR, stockOpenApi: string, routing: RoutingData): string {
  return JSON.stringify(fixOpenApi(stockOpenApi, ir, serviceSchemas(stem, ir), routing), null, 2) + '\n'
}
