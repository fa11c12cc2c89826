import type { IRArgument, IRField, IRStruct, WebrpcIR } from '../ir.js'
import { fieldMeta } from '../ir.js'

const coreTypes: Record<string, string> = { string: 'string', timestamp: 'string', bool: 'boolean', any: 'any', float32: 'number', float64: 'number' }
const isNullable = (field: IRField) => fieldMeta(field, 'jsonschema.format') === 'nullable-number'
const namesIn = (expr: string) => expr.match(/[A-Za-z_][A-Za-z0-9_]*/g) ?? []

/**
 * What a validator accepts, as TypeScript, where that differs from the generated interfaces: RIDL has
 * no nullable type, so a `nullable-number` field is `number` in gen/<svc>.gen.ts but `number | null`
 * in the schema (SPEC §2: min/max are null for STRING properties). Such structs, and everything that
 * contains them, get a `<Name>Wire` type so a validator's type guard promises no more than it checks.
 */
export class WireTypes {
  private readonly affected = new Set<string>()
  private readonly structs: Map<string, IRStruct>

  constructor(ir: WebrpcIR) {
    this.structs = new Map(ir.types.filter((type): type is IRStruct => type.kind === 'struct').map((type) => [type.name, type]))
    let grew = true
    while (grew) {
      grew = false
      for (const struct of this.structs.values()) {
        if (this.affected.has(struct.name)) continue
        if (struct.fields.some((field) => isNullable(field) || this.touches(field.type))) {
          this.affected.add(struct.name)
          grew = true
        }
      }
    }
  }

  private touches(expr: string): boolean {
    return namesIn(expr).some((name) => this.affected.has(name))
  }

  private expression(expr: string): string {
    if (expr.startsWith('[]')) return `Array<${this.expression(expr.slice(2))}>`
    if (expr.startsWith('map<')) return `{ [key: string]: ${this.expression(expr.slice(expr.indexOf(',') + 1, -1).trim())} }`
    if (coreTypes[expr]) return coreTypes[expr]
    if (/^u?int(8|16|32|64)?$/.test(expr)) return 'number'
    return this.affected.has(expr) ? `${expr}Wire` : `types.${expr}`
  }

  /** `Omit<base, changed> & { changed fields }`, or the base itself when nothing changes. */
  private overlay(base: string, members: readonly (IRArgument | IRField)[]): string {
    const changed = members.filter((member) => ('meta' in member && isNullable(member)) || this.touches(member.type))
    if (changed.length === 0) return base
    const fields = changed.map((member) => {
      const nullable = 'meta' in member && isNullable(member) ? ' | null' : ''
      return `${member.name}${member.optional ? '?' : ''}: ${this.expression(member.type)}${nullable}`
    })
    return `Omit<${base}, ${changed.map((member) => `'${member.name}'`).join(' | ')}> & { ${fields.join('; ')} }`
  }

  /** `export type <Name>Wire = ...` for every affected struct. */
  declarations(): string[] {
    return [...this.affected].sort().map((name) => `export type ${name}Wire = ${this.overlay(`types.${name}`, this.structs.get(name)!.fields)}`)
  }

  typeOf(name: string): string {
    return this.affected.has(name) ? `${name}Wire` : `types.${name}`
  }

  argumentsType(base: string, args: readonly IRArgument[]): string {
    return this.overlay(`types.${base}`, args)
  }
}
