import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { genDir } from '../../../../../scripts/pipeline/paths.js'

export const schemasDir = join(genDir, 'schemas')

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? walk(path) : [path]
  })
}

/** Every committed schema file, by its path under gen/schemas. */
export function schemaFiles(): Map<string, Record<string, any>> {
  return new Map(
    walk(schemasDir)
      .sort()
      .map((path) => [relative(schemasDir, path), JSON.parse(readFileSync(path, 'utf8'))]),
  )
}

export const isSchemaResource = (path: string) => path !== 'index.json' && !path.startsWith('bundles/')

export interface IndexedService {
  bundle: string
  types: Record<string, string>
  strictTypes: Record<string, string>
  methods: Record<string, { request: string; response: string }>
}

/** index.json read back into services (its `$defs` are dotted names: Marketplace.types.Order → a file). */
export function indexedServices(index: Record<string, any>): Record<string, IndexedService> {
  const services: Record<string, IndexedService> = {}
  for (const [name, entry] of Object.entries(index.$defs as Record<string, { $ref: string }>)) {
    const [service, role, key, side] = name.split('.') as [string, string, string?, string?]
    if (role === undefined) continue
    const found = (services[service] ??= { bundle: '', types: {}, strictTypes: {}, methods: {} })
    if (role === 'bundle') found.bundle = entry.$ref
    else if (role === 'types' || role === 'strictTypes') found[role][key!] = entry.$ref
    else (found.methods[key!] ??= { request: '', response: '' })[side as 'request' | 'response'] = entry.$ref
  }
  return services
}
