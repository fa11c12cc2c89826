import { schemaBaseUri } from '../../../../../scripts/emit/jsonschema/ids.js'
import type { Located } from '../../../../../src/conform/arbitrary.js'
import { isSchemaResource, schemaFiles } from './schema-files.js'

export type Schema = Record<string, any>
export type { Located }

/**
 * Every resource file by `$id`, and `$ref` resolution back to resource files: a file embeds what it
 * references under `$defs` (`#/$defs/Order`, `#/$defs/strict.Page`), and each such copy stands for the
 * file of that name in the same service folder.
 */
export class SchemaResolver {
  readonly byId = new Map<string, Schema>()

  constructor(files = schemaFiles()) {
    for (const [path, schema] of files) if (isSchemaResource(path)) this.byId.set(schema.$id, schema)
  }

  resource(id: string): Located {
    const schema = this.byId.get(id)
    if (!schema) throw new Error(`no schema ${id}`)
    return { schema, base: id }
  }

  follow(node: Located): Located {
    if (typeof node.schema.$ref !== 'string') return node
    const url = new URL(node.schema.$ref, node.base)
    const key = /^#\/\$defs\/(.+)$/.exec(url.hash)?.[1]
    if (key === undefined) return this.resource(url.href.replace(/#$/, ''))
    if (key === 'WebrpcErrorPayload') return this.resource(`${schemaBaseUri}WebrpcErrorPayload.json`)
    const folder = url.href.slice(schemaBaseUri.length).split('/')[0]
    return this.resource(`${schemaBaseUri}${folder}/${key.replaceAll('.', '/')}.json`)
  }
}
