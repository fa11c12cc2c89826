import { posix } from 'node:path'
import { bundlePath, schemaId } from './ids.js'
import { draft2020, type JsonSchema } from './json-schema.js'
import type { SchemaResource } from './service-schemas.js'
import { refsIn } from './refs.js'

/** `$defs` key of a resource: its path without the service folder and `.json` (`strict/Page.json` → `strict.Page`). */
function defKey(path: string): string {
  return path
    .replace(/^[^/]+\//, '')
    .replace(/\.json$/, '')
    .replaceAll('/', '.')
}

function embedded(resource: SchemaResource): JsonSchema {
  return { $id: schemaId(resource.path), ...resource.body }
}

/**
 * A resource as a self-contained file (a JSON Schema 2020-12 compound document): its `$ref`s stay
 * relative references to the other files, and every resource they reach is embedded under `$defs`
 * with its own `$id`, so a validator needs this one file and no loader.
 */
export function selfContained(resource: SchemaResource, all: ReadonlyMap<string, SchemaResource>): JsonSchema {
  const reached = new Map<string, SchemaResource>()
  const pending = [resource]
  while (pending.length > 0) {
    const current = pending.pop()!
    for (const ref of refsIn(current.body)) {
      const path = posix.join(posix.dirname(current.path), ref)
      if (path === resource.path || reached.has(path)) continue
      const target = all.get(path)
      if (!target) throw new Error(`${current.path}: $ref ${ref} points to no schema (${path})`)
      reached.set(path, target)
      pending.push(target)
    }
  }
  const defs = [...reached.values()].sort((a, b) => a.path.localeCompare(b.path))
  return {
    $schema: draft2020,
    $id: schemaId(resource.path),
    ...resource.body,
    ...(defs.length > 0 ? { $defs: Object.fromEntries(defs.map((def) => [defKey(def.path), embedded(def)])) } : {}),
  }
}

/** One document holding every resource of a service under `$defs`, for tools that want a single file. */
export function serviceBundle(stem: string, serviceName: string, resources: readonly SchemaResource[]): JsonSchema {
  const sorted = [...resources].sort((a, b) => a.path.localeCompare(b.path))
  return {
    $schema: draft2020,
    $id: schemaId(bundlePath(stem)),
    title: `${serviceName} schemas`,
    description: `Every type, request and response of the ${serviceName} service and the error object, each under $defs with its own $id.`,
    $defs: Object.fromEntries(sorted.map((resource) => [defKey(resource.path), embedded(resource)])),
  }
}
