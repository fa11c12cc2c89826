import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import ts from 'typescript'
import { repoRoot } from './paths.js'

/** What `npm run build` writes: tsc's output, which the build's later steps prune and bundle. */
export const distDir = join(repoRoot, 'dist')

/** Every JavaScript file of dist/ (`.js`, `.cjs`, `.mjs`). */
export function javaScriptFiles(): string[] {
  return readdirSync(distDir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.[cm]?js$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
}

/** The files a module imports at run time by a relative path (`import`, `export ... from`, `import()`, `require()`). */
export function relativeImports(file: string): string[] {
  return ts
    .preProcessFile(readFileSync(file, 'utf8'), true, true)
    .importedFiles.filter(({ fileName }) => fileName.startsWith('.'))
    .map(({ fileName }) => resolve(dirname(file), fileName))
}
