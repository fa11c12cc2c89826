import type { IRStruct, IRType, WebrpcIR } from '../../scripts/pipeline/ir.js'
import { fieldMeta } from '../../scripts/pipeline/ir.js'
import { contractOperations, contractResources, type WireFields } from '../support/api-contract-tables.js'

const numeric = /^(u?int(8|16|32|64)|float(32|64))$/

function allTypes(irs: WebrpcIR[]): Map<string, IRType> {
  const types = new Map<string, IRType>()
  for (const ir of irs) for (const type of ir.types) types.set(type.name, type)
  return types
}

/** The wire type of an IR type, in the vocabulary of api-contract-tables.ts. */
function wireType(irType: string, types: Map<string, IRType>): string {
  if (irType.startsWith('[]')) return `${wireType(irType.slice(2), types)}[]`
  if (irType === 'string' || irType === 'timestamp') return 'string'
  if (irType === 'bool') return 'bool'
  if (irType === 'any') return 'any'
  if (irType.startsWith('map<')) return 'object'
  if (numeric.test(irType)) return 'number'
  const named = types.get(irType)
  if (named?.kind === 'enum') return 'enum'
  if (named?.kind === 'struct') return `struct:${named.name}`
  return `unknown:${irType}`
}

/** The wire type the API contract gives, resolved to the same vocabulary (its resource names → RIDL struct names). */
function contractWireType(contractTypeName: string): string {
  if (contractTypeName.endsWith('[]')) return `${contractWireType(contractTypeName.slice(0, -2))}[]`
  const resource = contractResources[contractTypeName]
  return resource ? `struct:${resource.ridl}` : contractTypeName
}

function matches(expected: string, actual: string): boolean {
  // The API contract's bare `object` is satisfied by a map or by any struct.
  if (expected === 'object') return actual === 'object' || actual.startsWith('struct:')
  return expected === actual
}

function compareFields(
  where: string,
  wanted: WireFields,
  actual: Map<string, { type: string; optional: boolean }>,
  types: Map<string, IRType>,
): string[] {
  const problems: string[] = []
  for (const [name, contractTypeName] of Object.entries(wanted)) {
    const field = actual.get(name)
    if (!field) {
      problems.push(`${where}.${name}: missing`)
      continue
    }
    const got = wireType(field.type, types)
    const want = contractWireType(contractTypeName)
    if (!matches(want, got)) problems.push(`${where}.${name}: the API contract says ${want}, RIDL has ${got}`)
  }
  return problems
}

function structFields(struct: IRStruct): Map<string, { type: string; optional: boolean }> {
  return new Map(
    struct.fields.map((f) => [fieldMeta(f, 'json') ?? f.name, { type: f.type, optional: f.optional === true }]),
  )
}

/** Every difference between the API contract's tables and the IR of the service roots; empty when they agree. */
export function compareWithContract(irs: WebrpcIR[]): string[] {
  const types = allTypes(irs)
  const problems: string[] = []
  for (const [resourceName, { ridl, fields }] of Object.entries(contractResources)) {
    const struct = types.get(ridl)
    if (struct?.kind !== 'struct') {
      problems.push(`${resourceName}: no struct ${ridl}`)
      continue
    }
    problems.push(...compareFields(resourceName, fields, structFields(struct), types))
  }
  const methods = irs.flatMap((ir) =>
    ir.services.flatMap((s) => s.methods.map((m) => ({ service: s.name, method: m }))),
  )
  for (const op of contractOperations) {
    const found = methods.find((m) => m.service === op.service && m.method.name === op.method)
    const where = `${op.service}.${op.method}`
    if (!found) {
      problems.push(`${where}: no such operation`)
      continue
    }
    const args = (list: { name: string; type: string; optional: boolean }[]) =>
      new Map(list.map((a) => [a.name, { type: a.type, optional: a.optional }]))
    const inputs = args(found.method.inputs)
    problems.push(...compareFields(`${where} request`, op.request, inputs, types))
    problems.push(...compareFields(`${where} response`, op.response, args(found.method.outputs), types))
    for (const name of op.required ?? []) {
      if (inputs.get(name)?.optional)
        problems.push(`${where} request.${name}: the API contract requires it, RIDL has it optional`)
    }
  }
  return problems
}
