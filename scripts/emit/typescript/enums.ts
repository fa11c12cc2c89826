import type { SourceFile } from './ts-morph.js'
import { applyEdits, PassShapeError, type Pass, type TextEdit } from './pass.js'

const name = 'enums'

/**
 * Every enum becomes a frozen-by-type object and the union of its values: erasable syntax (Node's
 * type stripping, `erasableSyntaxOnly`), dropped from a bundle that does not use it, and a JSON
 * string of the right value is assignable where the enum is expected. `SortOrder.DESC` reads the same.
 */
export const enumsPass: Pass = {
  name,
  apply(file: SourceFile) {
    const edits: TextEdit[] = file.getEnums().map((declaration) => {
      const enumName = declaration.getName()
      const members = declaration.getMembers().map((member) => {
        const value = member.getInitializer()?.getText()
        if (!value) throw new PassShapeError(name, `${enumName}.${member.getName()} has no string value`)
        return `  ${member.getName()}: ${value},`
      })
      return {
        start: declaration.getStart(),
        end: declaration.getEnd(),
        text: `export const ${enumName} = {
${members.join('\n')}
} as const

export type ${enumName} = (typeof ${enumName})[keyof typeof ${enumName}]`,
      }
    })
    if (edits.length > 0) applyEdits(file, edits)
  },
}
