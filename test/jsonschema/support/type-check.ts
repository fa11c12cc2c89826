import { join } from 'node:path'
import ts from 'typescript'
import { repoRoot } from '../../../scripts/paths.js'
import { incrementalDiagnostics } from '../../support/incremental-program.js'
import { testCacheDir } from '../../support/test-cache.js'

/** Type-checks one in-memory module that lives in test/jsonschema (so its imports resolve) with the repo's tsconfig. */
export function typeCheck(source: string): { line: number; message: string }[] {
  const config = ts.getParsedCommandLineOfConfigFile(
    join(repoRoot, 'tsconfig.json'),
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
  )!
  const fileName = join(repoRoot, 'test', 'jsonschema', '__type_agreement__.ts')
  const buildInfoFile = testCacheDir('tsbuildinfo/type-agreement.tsbuildinfo')
  const diagnostics = incrementalDiagnostics([fileName], config.options, buildInfoFile, (host) => {
    const fileExists = host.fileExists.bind(host)
    const readFile = host.readFile.bind(host)
    host.fileExists = (path) => path === fileName || fileExists(path)
    host.readFile = (path) => (path === fileName ? source : readFile(path))
  })
  return diagnostics
    .filter((diagnostic) => diagnostic.file?.fileName === fileName)
    .map((diagnostic) => ({
      line: diagnostic.file!.getLineAndCharacterOfPosition(diagnostic.start ?? 0).line + 1,
      message: ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'),
    }))
}
