import ts from 'typescript'
import { writeFileAtomically } from './test-cache.js'

/**
 * `getPreEmitDiagnostics` of a program of `rootNames`, type-checked as tsc `--incremental` does, its build info
 * kept in `buildInfoFile` between test runs: only the files whose text changed, or that depend on one that did,
 * are checked again (tsc's own bookkeeping, by content hashes of every file the program reads). The build info
 * is replaced whole (writeFileAtomically), so that two runs at once each read a whole one. `adaptHost` may serve
 * files that are not on disk.
 */
export function incrementalDiagnostics(
  rootNames: string[],
  options: ts.CompilerOptions,
  buildInfoFile: string,
  adaptHost?: (host: ts.CompilerHost) => void,
): readonly ts.Diagnostic[] {
  const incremental = { ...options, noEmit: true, incremental: true, tsBuildInfoFile: buildInfoFile }
  const host = ts.createIncrementalCompilerHost(incremental)
  adaptHost?.(host)
  host.writeFile = (path, text) => writeFileAtomically(path, text)
  const builder = ts.createIncrementalProgram({ rootNames, options: incremental, host })
  // getPreEmitDiagnostics asks only what a builder program answers too, from its build info where it can. Of
  // the whole program: asked for one file, a builder answers from its build info without first looking for
  // the files that a changed import affects.
  const diagnostics = ts.getPreEmitDiagnostics(builder as unknown as ts.Program)
  builder.emit() // under noEmit, writes the build info alone
  return diagnostics
}
