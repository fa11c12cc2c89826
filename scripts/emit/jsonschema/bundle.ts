import { posix } from 'node:path'
import { bundlePath, schemaId } from './ids.js'
import { draft2020, type JsonSchema } from './json-schema.js'
import type { SchemaResource } from './service-schemas.js'
import { refsIn } from './refs.js'

/** `$defs` key of a resource: its path without the service folder and `.json` (`strict/Page.json` → `strict.Page`). */
export function defKey(path: string): string {
  return path
    .replace(/^[^/]+\//, '')
    .replace(/\.json$/, '')
    .replaceAll('/', '.')
}

/** A copy of a JSON value with every `$ref` string replaced by what `to` makes of it. */
export function withRefs(value: unknown, to: (ref: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => withRefs(item, to))
  if (!value || typeof value !== 'object') return value
  return Object.fromEntries(
    Object.entries(value).map(([key, child]) => [
      key,
      key === '$ref' && typeof child === 'string' ? to(child) : withRefs(child, to),
    ]),
  )
}

/**
 * A resource's body for a document that embeds what it references under `$defs` without `$id`s: its
 * relative file references become JSON pointers into that document (the document's own root is `#`).
 * No embedded `$id` means no resource is defined twice, so any set of our files loads into one validator.
 */
function pointingInside(resource: SchemaResource, rootPath: string | undefined): JsonSchema {
  return withRefs(resource.body, (ref) => {
    const path = posix.join(posix.dirname(resource.path), ref)
    return path === rootPath ? '#' : `#/$defs/${defKey(path)}`
  }) as JsonSchema
}

/** Every resource a resource reaches through its `$ref`s, itself excluded, sorted by path. */
function reachedFrom(resource: SchemaResource, all: ReadonlyMap<string, SchemaResource>): SchemaResource[] {
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
  return [...reached.values()].sort((a, b) => a.path.localeCompare(b.path))
}

/**
 * A resource as a self-contained file: every resource it reaches is embedded under `$defs` (without
 * `$id`) and referenced by JSON pointer, so a validator needs this one file and no loader, and the file
 * loads beside any other of ours (its `$id` is the only one it defines).
 */
export function selfContained(resource: SchemaResource, all: ReadonlyMap<string, SchemaResource>): JsonSchema {
  const defs = reachedFrom(resource, all)
  return {
    $schema: draft2020,
    $id: schemaId(resource.path),
    ...pointingInside(resource, resource.path),
    ...(defs.length > 0
      ? { $defs: Object.fromEntries(defs.map((def) => [defKey(def.path), pointingInside(def, resource.path)])) }
      : {}),
  }
}

/** One document holding every resource of a service under `$defs`, for tools that want a single file. */
export function serviceBundle(stem: string, serviceName: string, resources: readonly SchemaResource[]): JsonSchema {
  const sorted = [...resources].sort((a, b) => a.path.localeCompare(b.path))
  return {
    $schema: draft2020,
    $id: schemaId(bundlePath(stem)),
    title: `${serviceName} schemas`,
    description: `Every type, request and response of the ${serviceName} service and the error object, each under $defs (e.g. #/$defs/Order).`,
    $defs: Object.fromEntries(sorted.map((resource) => [defKey(resource.path), pointingInside(resource, undefined)])),
  }
}

/**
 * The resources of a service linked by `$id` and relative references, for the validator generator only
 * (never written to gen/schemas): ajv compiles each resource once and shares it between the validators.
 */
export function linkedResources(resources: readonly SchemaResource[]): JsonSchema {
  const sorted = [...resources].sort((a, b) => a.path.localeCompare(b.path))
  return {
    $schema: draft2020,
    $defs: Object.fromEntries(
      sorted.map((resource) => [defKey(resource.path), { $id: schemaId(resource.path), ...resource.body }]),
    ),
  }
}
