import { fieldFormat, type IRArgument, type IRField, type IRMethod, type IRType, type WebrpcIR } from './ir.js'

/**
 * Breaking changes between two versions of one service's IR (gen/<svc>.webrpc.json), as the README's
 * versioning policy defines them: what a client, server or validator built from the old contract
 * would refuse or misread when it meets the new one.
 */
export interface BreakingChange {
  kind:
    | 'removed service'
    | 'removed operation'
    | 'removed type'
    | 'removed field'
    | 'changed type'
    | 'changed format'
    | 'optional → required in a request'
    | 'new required field in a request'
    | 'required → optional in a response'
    | 'removed enum value'
    | 'new enum value in a response'
  /** What changed, e.g. `Marketplace.GetOrders`, `Order.priceAmount`, `OrderStatus.active`. */
  subject: string
  /** Before → after, where there is one, e.g. `string → uint64`. */
  detail?: string
}

/** Which way a type travels: in request bodies, in response bodies (and the webhook payload), or both. */
interface Directions {
  request: Set<string>
  response: Set<string>
}

export function breakingChanges(before: WebrpcIR | undefined, after: WebrpcIR | undefined): BreakingChange[] {
  if (!before) return []
  if (!after) return before.services.map((service) => ({ kind: 'removed service', subject: service.name }))
  const directions = mergeDirections(directionsOf(before), directionsOf(after))
  return [...serviceChanges(before, after), ...typeChanges(before, after, directions)]
}

function serviceChanges(before: WebrpcIR, after: WebrpcIR): BreakingChange[] {
  const changes: BreakingChange[] = []
  for (const oldService of before.services) {
    const newService = after.services.find((service) => service.name === oldService.name)
    if (!newService) {
      changes.push({ kind: 'removed service', subject: oldService.name })
      continue
    }
    for (const oldMethod of oldService.methods) {
      const subject = `${oldService.name}.${oldMethod.name}`
      const newMethod = newService.methods.find((method) => method.name === oldMethod.name)
      if (!newMethod) changes.push({ kind: 'removed operation', subject })
      else changes.push(...methodChanges(subject, oldMethod, newMethod))
    }
  }
  return changes
}

function methodChanges(subject: string, before: IRMethod, after: IRMethod): BreakingChange[] {
  return [
    ...memberChanges(`${subject} request`, before.inputs, after.inputs, { request: true, response: false }),
    ...memberChanges(`${subject} response`, before.outputs, after.outputs, { request: false, response: true }),
  ]
}

/** Fields of a struct or arguments of a method, compared by name, in a body that travels `direction`. */
function memberChanges(
  owner: string,
  before: readonly (IRField | IRArgument)[],
  after: readonly (IRField | IRArgument)[],
  { request: inRequest, response: inResponse }: { request: boolean; response: boolean },
): BreakingChange[] {
  const changes: BreakingChange[] = []
  for (const oldMember of before) {
    const subject = `${owner}.${oldMember.name}`
    const newMember = after.find((member) => member.name === oldMember.name)
    if (!newMember) {
      changes.push({ kind: 'removed field', subject })
      continue
    }
    if (newMember.type !== oldMember.type)
      changes.push({ kind: 'changed type', subject, detail: `${oldMember.type} → ${newMember.type}` })
    const [oldFormat, newFormat] = [formatOf(oldMember), formatOf(newMember)]
    // A format added to a request field refuses values it accepted; one dropped from a response lets through values old validators refuse.
    if (oldFormat !== newFormat && ((inRequest && newFormat) || (inResponse && oldFormat)))
      changes.push({ kind: 'changed format', subject, detail: `${oldFormat ?? 'none'} → ${newFormat ?? 'none'}` })
    if (inRequest && oldMember.optional && !newMember.optional)
      changes.push({ kind: 'optional → required in a request', subject })
    if (inResponse && !oldMember.optional && newMember.optional)
      changes.push({ kind: 'required → optional in a response', subject })
  }
  if (inRequest)
    for (const newMember of after)
      if (!newMember.optional && !before.some((member) => member.name === newMember.name))
        changes.push({ kind: 'new required field in a request', subject: `${owner}.${newMember.name}` })
  return changes
}

function formatOf(member: IRField | IRArgument): string | undefined {
  return 'meta' in member ? fieldFormat(member) : undefined
}

function typeChanges(before: WebrpcIR, after: WebrpcIR, directions: Directions): BreakingChange[] {
  const changes: BreakingChange[] = []
  for (const oldType of before.types) {
    const newType = after.types.find((type) => type.name === oldType.name)
    if (!newType) {
      changes.push({ kind: 'removed type', subject: oldType.name })
      continue
    }
    if (newType.kind !== oldType.kind) {
      changes.push({ kind: 'changed type', subject: oldType.name, detail: `${oldType.kind} → ${newType.kind}` })
      continue
    }
    const direction = { request: directions.request.has(oldType.name), response: directions.response.has(oldType.name) }
    if (oldType.kind === 'struct' && newType.kind === 'struct')
      changes.push(...memberChanges(oldType.name, oldType.fields, newType.fields, direction))
    if (oldType.kind === 'enum' && newType.kind === 'enum') {
      const oldValues = new Set(oldType.fields.map((field) => field.name))
      const newValues = new Set(newType.fields.map((field) => field.name))
      for (const value of oldValues)
        if (!newValues.has(value)) changes.push({ kind: 'removed enum value', subject: `${oldType.name}.${value}` })
      // Enums are closed (README, JSON Schemas): an older client or validator refuses a value it does not know.
      if (direction.response)
        for (const value of newValues)
          if (!oldValues.has(value))
            changes.push({ kind: 'new enum value in a response', subject: `${oldType.name}.${value}` })
    }
  }
  return changes
}

/**
 * Types reachable from method inputs travel in requests; types reachable from outputs, and types no
 * method carries (the webhook payload, which the service sends), travel in responses.
 */
function directionsOf(ir: WebrpcIR): Directions {
  const byName = new Map(ir.types.map((type) => [type.name, type]))
  const reach = (typeRefs: readonly string[]) => {
    const seen = new Set<string>()
    const visit = (typeRef: string) => {
      for (const name of typeRef.match(/[A-Za-z_][A-Za-z0-9_]*/g) ?? []) {
        const type = byName.get(name)
        if (!type || seen.has(name)) continue
        seen.add(name)
        for (const field of fieldsOf(type)) visit(field)
      }
    }
    typeRefs.forEach(visit)
    return seen
  }
  const methods = ir.services.flatMap((service) => service.methods)
  const request = reach(methods.flatMap((method) => method.inputs.map((input) => input.type)))
  const fromOutputs = reach(methods.flatMap((method) => method.outputs.map((output) => output.type)))
  const carried = new Set([...request, ...fromOutputs])
  const sentByService = reach(ir.types.map((type) => type.name).filter((name) => !carried.has(name)))
  return { request, response: new Set([...fromOutputs, ...sentByService]) }
}

function fieldsOf(type: IRType): string[] {
  return type.kind === 'struct' ? type.fields.map((field) => field.type) : []
}

function mergeDirections(a: Directions, b: Directions): Directions {
  return { request: new Set([...a.request, ...b.request]), response: new Set([...a.response, ...b.response]) }
}
