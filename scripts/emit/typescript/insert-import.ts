import { Node, type SourceFile } from './ts-morph.js'

/**
 * Adds an import after the file's leading imports, or else after the first statement's leading comments, so the
 * generator's header stays first. Imports further down (the stock server's `import express`) do not count.
 */
export function insertImport(file: SourceFile, names: string[], moduleSpecifier: string): void {
  const text = `import { ${names.join(', ')} } from '${moduleSpecifier}'\n`
  const statements = file.getStatements()
  const firstOther = statements.findIndex((statement) => !Node.isImportDeclaration(statement))
  const leadingImports = firstOther < 0 ? statements : statements.slice(0, firstOther)
  const lastImport = leadingImports.at(-1)
  if (lastImport) {
    file.insertText(lastImport.getEnd(), `\n${text}`)
    return
  }
  const first = statements[0]
  file.insertText(first ? first.getStart(true) : file.getEnd(), `${text}\n`)
}
