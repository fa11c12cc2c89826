import type { SourceFile } from './ts-morph.js'
import { fieldFormat } from '../../pipeline/ir.js'
import { PassShapeError, type Pass, type PassContext } from './pass.js'

const name = 'nullable'

/**
 * RIDL has no nullable type; fields marked `+ jsonschema.format = nullable-number` (PropertyFilter
 * min/max, null for STRING properties per docs/resources.md) become `number | null` in the generated interfaces,
 * as they are in the JSON Schemas.
 */
export const nullablePass: Pass = {
  name,
  apply(file: SourceFile, context: PassContext) {
    for (const type of context.ir.types) {
      if (type.kind !== 'struct') continue
      for (const field of type.fields) {
        if (fieldFormat(field) !== 'nullable-number') continue
        const property = file.getInterface(type.name)?.getProperty(field.name)
        if (!property) throw new PassShapeError(name, `no property ${field.name} in interface ${type.name}`)
        const current = property.getTypeNodeOrThrow().getText()
        if (!/\|\s*null$/.test(current)) property.setType(`${current} | null`)
      }
    }
  },
}
