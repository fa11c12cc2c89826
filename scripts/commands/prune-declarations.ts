import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { join, relative } from 'node:path'
import ts from 'typescript'
import { buildEverything } from '../pipeline/full-build.js'
import { repoRoot } from '../pipeline/paths.js'

/**
 * A step of the build (`npm run build`, after tsc): removes from dist/ the declaration files that no
 * entry point's types reach. tsc declares every module it compiles, but the exports map lets a user's
 * TypeScript load only the `types` of package.json `exports` and what they import; the declarations of the
 * modules behind them (the local server's handlers, the engine's parts, the standalone validators) could
 * never be read, and each took at least a disk block of every install.
 */
export function main(): void {
  let { reached, missing } = declarationGraph()
  // The build is incremental: tsc does not write again a declaration this removed while its module is
  // unchanged, so one that became reachable since is missing until a full build writes it.
  if (missing.length > 0) {
    buildEverything()
    ;({ reached, missing } = declarationGraph())
    if (missing.length > 0) throw new Error(`declarations import modules that have none:\n${missing.join('\n')}`)
  }
  const unreached = declarationFiles(distDir).filter((file) => !reached.has(file))
  for (const file of unreached) rmSync(file)
  console.log(`prune-declarations: kept ${reached.size} declaration files of dist/, removed ${unreached.length}`)
}

const distDir = join(repoRoot, 'dist')
const isDeclaration = (file: string) => /\.d\.[cm]?ts$/.test(file)

const manifest = () =>
  JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { name: string; exports: unknown }

/** The declaration files of package.json `exports`: every target under a `types` condition. */
function exportedTypes(): string[] {
  const { exports } = manifest()
  const types: string[] = []
  const visit = (target: unknown, condition?: string) => {
    if (typeof target === 'string') {
      if (condition === 'types' || isDeclaration(target)) types.push(join(repoRoot, target))
    } else if (target && typeof target === 'object')
      for (const [key, inner] of Object.entries(target)) visit(inner, key.startsWith('.') ? undefined : key)
  }
  visit(exports)
  return types
}

/**
 * What a user's TypeScript loads of dist/ from the exported types, resolved as under `moduleResolution`
 * nodenext, and each relative import of a declaration that finds no declaration to load. Other packages
 * (the peers, @types/node) are not resolved: nothing of dist/ is reached through them.
 */
function declarationGraph(): { reached: Set<string>; missing: string[] } {
  const options: ts.CompilerOptions = {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    noEmit: true,
    noLib: true,
    types: [],
  }
  const host = ts.createCompilerHost(options)
  const cache = ts.createModuleResolutionCache(repoRoot, (name) => name, options)
  const roots = exportedTypes()
  // An exported declaration this removed while it was no entry's types is missing too.
  const missing = roots.filter((root) => !existsSync(root)).map((root) => relative(repoRoot, root))
  const { name } = manifest()
  const isOwn = (specifier: string) =>
    specifier.startsWith('.') || specifier === name || specifier.startsWith(`${name}/`)
  host.resolveModuleNameLiterals = (literals, containingFile, redirected, compilerOptions, containingSourceFile) =>
    literals.map((literal) => {
      if (!isOwn(literal.text)) return { resolvedModule: undefined }
      const mode = ts.getModeForUsageLocation(containingSourceFile, literal, compilerOptions)
      const resolved = ts.resolveModuleName(
        literal.text,
        containingFile,
        compilerOptions,
        host,
        cache,
        redirected,
        mode,
      )
      // Without a declaration, a relative import resolves to the JavaScript (which TypeScript then types as any).
      const declared = resolved.resolvedModule && isDeclaration(resolved.resolvedModule.resolvedFileName)
      if (!declared && containingFile.startsWith(distDir))
        missing.push(`${relative(repoRoot, containingFile)}: ${literal.text}`)
      return resolved
    })
  const program = ts.createProgram({ rootNames: roots, options, host })
  const reached = new Set(
    program
      .getSourceFiles()
      .map((file) => file.fileName)
      .filter((file) => file.startsWith(`${distDir}/`)),
  )
  return { reached, missing }
}

function declarationFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && isDeclaration(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
}
