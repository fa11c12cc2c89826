/** The schema as webrpc-gen's json target prints it: every later build step reads this, never RIDL. */
export interface WebrpcIR {
  webrpc: string
  name: string
  version: string
  types: IRType[]
  errors: IRError[]
  services: IRService[]
}

export type IRType = IREnum | IRStruct

export interface IREnum {
  kind: 'enum'
  name: string
  type: string
  fields: { name: string; value: string }[]
}

export interface IRStruct {
  kind: 'struct'
  name: string
  fields: IRField[]
}

export interface IRField {
  name: string
  type: string
  optional?: boolean
  meta?: Record<string, string>[]
}

export interface IRError {
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

export interface IRMethod {
  name: string
  annotations: Record<string, { annotationType: string; value: string }>
  comments: string[]
  inputs: IRArgument[]
  outputs: IRArgument[]
}

export interface IRService {
  name: string
  methods: IRMethod[]
  comments: string[]
}

/** The value of a field's `+ key = value` meta in the RIDL, if any. */
export function fieldMeta(field: IRField, key: string): string | undefined {
  for (const entry of field.meta ?? []) {
    if (key in entry) return entry[key]
  }
  return undefined
}
