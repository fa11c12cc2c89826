import { join } from 'node:path'
import ts from 'typescript'
import { repoRoot } from '../../../scripts/paths.js'

/** Type-checks one in-memory module that lives in test/jsonschema (so its imports resolve) with the repo's tsconfig. */
export function typeCheck(source: string): { line: number; message: string }[] {
  const config = ts.getParsedCommandLineOfConfigFile(
    join(repoRoot, 'tsconfig.json'),
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
  )!
  const fileName = join(repoRoot, 'test', 'jsonschema', '__type_agreement__.ts')
  const host = ts.createCompilerHost(config.options)
  const readFile = host.readFile.bind(host)
  const getSourceFile = host.getSourceFile.bind(host)
  host.fileExists = (path) => path === fileName || ts.sys.fileExists(path)
  host.readFile = (path) => (path === fileName ? source : readFile(path))
  host.getSourceFile = (path, version, onError, create) =>
    path === fileName ? ts.createSourceFile(path, source, version) : getSourceFile(path, version, onError, create)
  const program = ts.createProgram([fileName], { ...config.options, noEmit: true }, host)
  return ts
    .getPreEmitDiagnostics(program)
    .filter((diagnostic) => diagnostic.file?.fileName === fileName)
    .map((diagnostic) => ({
      line: diagnostic.file!.getLineAndCharacterOfPosition(diagnostic.start ?? 0).line + 1,
      message: ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'),
    }))
}
