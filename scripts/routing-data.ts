import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { Ajv2020 } from 'ajv/dist/2020.js'
import { schemaDir } from './paths.js'

import type { ServiceRoute } from '../src/runtime/routing.js'

export type { ServiceRoute, UrlShape } from '../src/runtime/routing.js'

export interface RoutingData {
  networks: { name: string; chainId: number }[]
  services: Record<string, ServiceRoute>
}

/** The single source of networks and service URL shapes: schema/networks.json, validated by its JSON Schema. */
export function loadRoutingData(dir: string = schemaDir): RoutingData {
  const read = (file: string): unknown => JSON.parse(readFileSync(join(dir, file), 'utf8'))
  const validate = new Ajv2020({ strict: true, allErrors: true }).compile(read('networks.schema.json') as object)
  const data = read('networks.json')
  if (!validate(data)) {
    const problems = (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}`)
    throw new Error(`schema/networks.json does not match schema/networks.schema.json:\n  ${problems.join('\n  ')}`)
  }
  const routing = data as RoutingData
  const seen = new Set<string>()
  for (const { name } of routing.networks) {
    if (seen.has(name)) throw new Error(`schema/networks.json lists network "${name}" twice`)
    seen.add(name)
  }
  return routing
}
