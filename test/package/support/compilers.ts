import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import { repoRoot } from '../../../scripts/pipeline/paths.js'

/**
 * The `tsc` of each TypeScript line a consumer compiles the package with: the repository's own compilers, at the
 * versions its lockfile pins (`typescript` 5.9, and 7 under the `typescript-7` alias, whose package ships its native
 * compiler under the same `tsc` command). They check a consumer's project from its own folder, where they resolve
 * its packages, never this repository's.
 */
const compilers = {
  '5.9': join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc'),
  '7': join(repoRoot, 'node_modules', 'typescript-7', 'bin', 'tsc'),
}

export function typescriptCompiler(version: keyof typeof compilers): string {
  const tsc = compilers[version]
  const reported = compilerVersion(tsc)
  if (!reported.startsWith(`Version ${version}.`)) throw new Error(`${tsc} is ${reported}, not TypeScript ${version}`)
  return tsc
}

export const compilerVersion = (tsc: string) => execFileSync(tsc, ['--version'], { encoding: 'utf8' }).trim()
