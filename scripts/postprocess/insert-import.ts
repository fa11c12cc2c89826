import type { SourceFile } from 'ts-morph'

/** Adds an import after the existing ones, or else after the first statement's leading comments, so the generator's header stays first. */
export function insertImport(file: SourceFile, names: string[], moduleSpecifier: string): void {
  const text = `import { ${names.join(', ')} } from '${moduleSpecifier}'\n`
  const lastImport = file.getImportDeclarations().at(-1)
  if (lastImport) {
    file.insertText(lastImport.getEnd(), `\n${text}`)
    return
  }
  const first = file.getStatements()[0]
  file.insertText(first ? first.getStart(true) : file.getEnd(), `${text}\n`)
}
