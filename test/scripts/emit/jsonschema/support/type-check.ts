import { join, relative } from 'node:path'
import { genDir, repoRoot } from '../../../../../scripts/pipeline/paths.js'
import { incrementalTsc, tscErrors } from '../../../../support/incremental-tsc.js'
import { testCacheDir, writeFileAtomically } from '../../../../support/test-cache.js'

const checkDir = testCacheDir('type-agreement')
const checkFile = join(checkDir, 'check.ts')

/** How the checked module imports the generated file `path` of gen/ (e.g. `validators/builder.js`). */
export const genImport = (path: string) => `${relative(checkDir, genDir)}/${path}`

/**
 * Type-checks one module with the repository's compiler options (a project that extends its tsconfig.json);
 * answers the errors in that module, by line.
 */
export function typeCheck(source: string): { line: number; message: string }[] {
  writeFileAtomically(
    join(checkDir, 'tsconfig.json'),
    JSON.stringify({
      extends: relative(checkDir, join(repoRoot, 'tsconfig.json')),
      compilerOptions: { noEmit: true },
      files: ['check.ts'],
      include: [],
    }),
  )
  writeFileAtomically(checkFile, source)
  const { output } = incrementalTsc(['-p', checkDir], testCacheDir('tsbuildinfo/type-agreement.tsbuildinfo'))
  return tscErrors(output)
    .filter((error) => error.file === checkFile)
    .map(({ line, message }) => ({ line, message }))
}
