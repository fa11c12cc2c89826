import type { WebrpcIR } from '../ir.js'
import { serviceSchemas } from '../jsonschema/service-schemas.js'
import { loadRoutingData } from '../postprocess/routing-data.js'
import { fixOpenApi } from './fix-document.js'

/** gen/openapi/<svc>.json: webrpc-gen's OpenAPI document per service after our fix-up pass. */
export function openapiFiles(
  irs: ReadonlyMap<string, WebrpcIR>,
  stockOpenApi: (stem: string) => string,
): Map<string, string> {
  const files = new Map<string, string>()
  const routing = loadRoutingData()
  for (const stem of [...irs.keys()].sort()) {
    const ir = irs.get(stem)!
    files.set(
      `openapi/${stem}.json`,
      JSON.stringify(fixOpenApi(stockOpenApi(stem), ir, serviceSchemas(stem, ir), routing), null, 2) + '\n',
    )
  }
  return files
}
