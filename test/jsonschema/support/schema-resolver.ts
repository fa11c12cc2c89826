import { schemaFiles } from './schema-files.js'

export type Schema = Record<string, any>

/** A schema node together with the `$id` its relative `$ref`s resolve against. */
export interface Located {
  schema: Schema
  base: string
}

/** Every resource of every bundle by `$id`, and `$ref` resolution between them. */
export class SchemaResolver {
  readonly byId = new Map<string, Schema>()

  constructor(files = schemaFiles()) {
    for (const [path, bundle] of files) {
      if (!path.startsWith('bundles/')) continue
      for (const resource of Object.values(bundle.$defs) as Schema[]) this.byId.set(resource.$id, resource)
    }
  }

  resource(id: string): Located {
    const schema = this.byId.get(id)
    if (!schema) throw new Error(`no schema ${id}`)
    return { schema, base: id }
  }

  follow(node: Located): Located {
    return typeof node.schema.$ref === 'string' ? this.resource(new URL(node.schema.$ref, node.base).href) : node
  }
}
