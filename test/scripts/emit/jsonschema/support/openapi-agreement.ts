import type { Located, Schema, SchemaResolver } from './schema-resolver.js'

type Components = Record<string, Schema>

const componentRef = (node: Schema): string | undefined => {
  const ref = node.$ref ?? (Array.isArray(node.allOf) && node.allOf.length === 1 ? node.allOf[0].$ref : undefined)
  return typeof ref === 'string' ? ref.replace('#/components/schemas/', '') : undefined
}

/**
 * Where an OpenAPI schema and our JSON Schema disagree on what a field is: its type (integer vs
 * number), bounds, enum values, nullability, pattern/format, properties and `required`.
 */
export function disagreements(
  json: Located,
  oas: Schema,
  document: { components: Components; componentOf: ReadonlyMap<string, string> },
  resolver: SchemaResolver,
  at: string,
): string[] {
  const { components } = document
  const ref = componentRef(oas)
  const oasNode = ref ? components[ref] : oas
  if (!oasNode) return [`${at}: dangling ${ref}`]
  const target = resolver.follow(json)
  const { schema, base } = target
  const problems: string[] = []
  if (target !== json && ref !== document.componentOf.get(base))
    problems.push(`${at}: refers to ${ref}, not ${document.componentOf.get(base)}`)
  const same = (what: string, ours: unknown, theirs: unknown) => {
    if (JSON.stringify(ours) !== JSON.stringify(theirs))
      problems.push(`${at}: ${what} ${JSON.stringify(ours)} vs ${JSON.stringify(theirs)}`)
  }
  const anyOf = (schema.anyOf ?? []) as Schema[]
  const nullable = anyOf.some((branch) => branch.type === 'null')
  const core = nullable ? anyOf.find((branch) => branch.type !== 'null')! : schema
  same('nullable', nullable, oasNode.nullable === true)
  if (!nullable && anyOf.length > 0) {
    same('anyOf branches', anyOf.length, (oasNode.anyOf ?? []).length)
    anyOf.forEach((branch, i) =>
      problems.push(
        ...disagreements({ schema: branch, base }, oasNode.anyOf?.[i] ?? {}, document, resolver, `${at}|${i}`),
      ),
    )
    return problems
  }
  same('type', core.type, oasNode.type)
  for (const keyword of ['enum', 'minimum', 'maximum', 'pattern', 'format', 'additionalProperties']) {
    if (keyword === 'format' && core.type !== 'string') continue
    if (keyword === 'additionalProperties' && typeof core[keyword] === 'object') continue
    same(keyword, core[keyword], oasNode[keyword])
  }
  if (core.type === 'array')
    problems.push(...disagreements({ schema: core.items, base }, oasNode.items ?? {}, document, resolver, `${at}[]`))
  if (core.type === 'object' && typeof core.additionalProperties === 'object') {
    problems.push(
      ...disagreements(
        { schema: core.additionalProperties, base },
        oasNode.additionalProperties ?? {},
        document,
        resolver,
        `${at}{}`,
      ),
    )
  }
  if (core.properties) {
    same('properties', Object.keys(core.properties), Object.keys(oasNode.properties ?? {}))
    same('required', core.required ?? [], oasNode.required ?? [])
    for (const [name, sub] of Object.entries(core.properties)) {
      if (oasNode.properties?.[name])
        problems.push(
          ...disagreements(
            { schema: sub as Schema, base },
            oasNode.properties[name],
            document,
            resolver,
            `${at}.${name}`,
          ),
        )
    }
  }
  return problems
}
