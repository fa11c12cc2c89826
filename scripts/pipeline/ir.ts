/**
 * The schema as webrpc-gen's json target prints it, and every question later build steps ask of it:
 * they read this module, never RIDL and never the IR's raw shape.
 */
import { join, relative } from 'node:path'
import type { AuthKind } from '../../src/runtime/credentials.js'
import { readDataFile } from './data-files.js'
import { repoRoot, schemaDir } from './paths.js'

export interface WebrpcIR {
  webrpc: string
  name: string
  version: string
  types: IRType[]
  errors: IRError[]
  services: IRService[]
}

/** RIDL `#` comments above a node, one entry per line (scripts/emit/documentation.ts reads them). */
export interface Commented {
  comments?: string[]
}

export type IRType = IREnum | IRStruct

export interface IREnum extends Commented {
  kind: 'enum'
  name: string
  type: string
  fields: (Commented & { name: string; value: string })[]
}

export interface IRStruct extends Commented {
  kind: 'struct'
  name: string
  fields: IRField[]
}

export interface IRField extends Commented {
  name: string
  type: string
  optional?: boolean
  meta?: Record<string, string>[]
}

export interface IRError extends Commented {
  code: number
  name: string
  message: string
  httpStatus: number
}

export interface IRArgument {
  name: string
  type: string
  optional: boolean
}

export interface IRMethod extends Commented {
  name: string
  annotations: Record<string, { annotationType: string; value: string }>
  inputs: IRArgument[]
  outputs: IRArgument[]
}

export interface IRService extends Commented {
  name: string
  methods: IRMethod[]
}

/** The value of a field's `+ key = value` meta in the RIDL, if any. */
export function fieldMeta(field: IRField, key: string): string | undefined {
  for (const entry of field.meta ?? []) {
    if (key in entry) return entry[key]
  }
  return undefined
}

/** A field's `+ jsonschema.format` (address, decimal, nullable-number, …; schema/common.ridl lists them). */
export const fieldFormat = (field: IRField): string | undefined => fieldMeta(field, 'jsonschema.format')

export type { AuthKind }

/** The key a method needs, from its RIDL annotation `@auth:"secret"`; every other method needs the access key. */
export const authKind = (method: IRMethod): AuthKind =>
  method.annotations?.auth?.value === 'secret' ? 'secretKey' : 'accessKey'

export const needsSecretKey = (service: IRService): boolean => service.methods.some((m) => authKind(m) === 'secretKey')

/** Whether a method is marked `@safe` in the RIDL: a read without side effects, which a client may retry. */
export const isSafe = (method: IRMethod): boolean => method.annotations?.safe !== undefined

/** A RIDL name in lower camel case: Marketplace → marketplace, GetOrders → getOrders. */
export const lowerCamel = (name: string): string => name[0]!.toLowerCase() + name.slice(1)

/** The key of a service in schema/networks.json and in the `urls` option. */
export const serviceKey = (service: IRService): string => lowerCamel(service.name)

/** The client's property for a method, as the stock generator names it. */
export const clientMethodName = (method: IRMethod): string => lowerCamel(method.name)

/** schema/argument-formats.json: formats of string request arguments, keyed `Service.Method.argument`. */
export function loadArgumentFormats(dir: string = schemaDir): ReadonlyMap<string, string> {
  const { formats } = JSON.parse(readDataFile(relative(repoRoot, join(dir, 'argument-formats.json')))) as {
    formats: Record<string, string>
  }
  return new Map(Object.entries(formats))
}

export const argumentKey = (service: IRService, method: IRMethod, argument: IRArgument): string =>
  `${service.name}.${method.name}.${argument.name}`

/** Every key of the argument formats must name a string argument of one of the IRs. */
export function checkArgumentFormats(formats: ReadonlyMap<string, string>, irs: Iterable<WebrpcIR>): void {
  const stringArguments = new Set<string>()
  for (const ir of irs)
    for (const service of ir.services)
      for (const method of service.methods)
        for (const input of method.inputs)
          if (input.type === 'string') stringArguments.add(argumentKey(service, method, input))
  const unknown = [...formats.keys()].filter((key) => !stringArguments.has(key))
  if (unknown.length > 0)
    throw new Error(`schema/argument-formats.json: ${unknown.join(', ')} name no string argument of any service`)
}
