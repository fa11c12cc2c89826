import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import ts from 'typescript'
import { expect, it } from 'vitest'
import { genDir } from '../../scripts/paths.js'
import { incrementalDiagnostics } from '../support/incremental-program.js'
import { testCacheDir } from '../support/test-cache.js'

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return tsFiles(path)
    return entry.name.endsWith('.ts') ? [path] : []
  })
}

it('type-checks everything under gen/ with tsc --strict --noEmit', () => {
  const files = tsFiles(genDir)
  expect(files.length).toBeGreaterThan(5)
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
    types: [],
    resolveJsonModule: true,
    skipLibCheck: true,
  }
  const diagnostics = incrementalDiagnostics(files, options, testCacheDir('tsbuildinfo/gen.tsbuildinfo')).map((d) =>
    ts.flattenDiagnosticMessageText(d.messageText, '\n'),
  )
  expect(diagnostics).toEqual([])
})
