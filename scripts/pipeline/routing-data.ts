import { join, relative } from 'node:path'
import { createRequire } from 'node:module'
import { readDataFile } from './data-files.js'
import { repoRoot, schemaDir } from './paths.js'
import { describeAjvErrors } from './ajv-errors.js'

import type { ServiceRoute } from '../../src/runtime/routing.js'

export type { ServiceRoute, UrlShape } from '../../src/runtime/routing.js'

export interface RoutingData {
  networks: { name: string; chainId: number }[]
  services: Record<string, ServiceRoute>
}

/** The constant gen/networks.gen.ts declares for one service's route (`MARKETPLACE_ROUTE`), so a client bundles only its own. */
export const routeConstName = (serviceKey: string): string =>
  `${serviceKey.replace(/[A-Z]/g, '_$&').toUpperCase()}_ROUTE`

/** The single source of networks and service URL shapes: schema/networks.json, validated by its JSON Schema. */
export function loadRoutingData(dir: string = schemaDir): RoutingData {
  const read = (file: string): unknown => JSON.parse(readDataFile(relative(repoRoot, join(dir, file))))
  // Loaded here, not at the top: generation reads the routing data from its cache and never loads ajv then.
  const { Ajv2020 } = createRequire(import.meta.url)('ajv/dist/2020.js') as typeof import('ajv/dist/2020.js')
  const validate = new Ajv2020({ strict: true, allErrors: true }).compile(read('networks.schema.json') as object)
  const data = read('networks.json')
  if (!validate(data)) {
    const problems = describeAjvErrors(validate.errors)
    throw new Error(`schema/networks.json does not match schema/networks.schema.json: ${problems}`)
  }
  const routing = data as RoutingData
  const seen = new Set<string>()
  for (const { name } of routing.networks) {
    if (seen.has(name)) throw new Error(`schema/networks.json lists network "${name}" twice`)
    seen.add(name)
  }
  return routing
}
