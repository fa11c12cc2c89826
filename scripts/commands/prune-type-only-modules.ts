import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import ts from 'typescript'
import { buildEverything } from '../pipeline/full-build.js'
import { repoRoot } from '../pipeline/paths.js'

/**
 * The last step of the build (`npm run build`, after prune-declarations): removes from dist/ the JavaScript of
 * the modules that declare only types (src/values/hex.ts, gen/validators/validator.ts...). tsc writes an
 * `export {};` for each that nothing imports at run time (TypeScript erases type imports), and each took a disk
 * block of every install; their declarations stay, for the types that import them.
 */
export function main(): void {
  let imports = relativeImports()
  // The build is incremental: tsc does not write again a module this removed while it is unchanged, so one
  // that a module imports at run time since is missing until a full build writes it.
  if (imports.missing.length > 0) {
    buildEverything()
    imports = relativeImports()
    if (imports.missing.length > 0) throw new Error(`dist/ imports modules it lacks:\n${imports.missing.join('\n')}`)
  }
  const typeOnly = moduleFiles().filter((file) => !imports.imported.has(file) && declaresNothing(file))
  for (const file of typeOnly) rmSync(file)
  console.log(`prune-type-only-modules: removed ${typeOnly.length} JavaScript files of dist/ that only said export {}`)
}

const distDir = join(repoRoot, 'dist')

function moduleFiles(): string[] {
  return readdirSync(distDir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.[cm]?js$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
}

/**
 * Every module of dist/ that a module of dist/ imports at run time (`import`, `export ... from`, `import()`
 * and `require()` of a relative path), and each such import that finds no file.
 */
function relativeImports(): { imported: Set<string>; missing: string[] } {
  const imported = new Set<string>()
  const missing: string[] = []
  for (const file of moduleFiles())
    for (const { fileName } of ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles) {
      if (!fileName.startsWith('.')) continue
      const target = resolve(dirname(file), fileName)
      imported.add(target)
      if (!existsSync(target)) missing.push(`${relative(repoRoot, file)}: ${fileName}`)
    }
  return { imported, missing }
}

/** Whether a compiled module is only `export {}` (and comments): what tsc writes for a module of types. */
function declaresNothing(file: string): boolean {
  const { statements } = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022)
  const [statement] = statements
  return (
    statements.length === 1 &&
    ts.isExportDeclaration(statement!) &&
    statement.moduleSpecifier === undefined &&
    statement.exportClause !== undefined &&
    ts.isNamedExports(statement.exportClause) &&
    statement.exportClause.elements.length === 0
  )
}
