import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** Set by scripts/launch.mjs when it bundles a command: the bundle lives under node_modules/.cache, not in scripts/. */
declare const GEN_REPO_ROOT: string | undefined

export const repoRoot =
  typeof GEN_REPO_ROOT === 'string' ? GEN_REPO_ROOT : join(dirname(fileURLToPath(import.meta.url)), '..', '..')
/** The bundle scripts/launch.mjs made of the running command, when the command runs from one. */
export const launchedBundle: URL | undefined = typeof GEN_REPO_ROOT === 'string' ? new URL(import.meta.url) : undefined
export const schemaDir = join(repoRoot, 'schema')
export const genDir = join(repoRoot, 'gen')
/** The Go module: its generated files (`*.gen.go`) beside the hand-written ones (CONTRIBUTING.md, Layout). */
export const goModuleDir = join(repoRoot, 'go')
export const toolsModuleDir = join(repoRoot, 'scripts', 'tools')
export const toolsBinDir = join(repoRoot, '.tools', 'bin')

/** A service root is a .ridl file that declares a service; the rest are parts it imports. */
export const declaresService = (ridlText: string): boolean => /^service\s/m.test(ridlText)

/** The service roots of schema/, by file name stem. */
export function serviceRoots(): string[] {
  return readdirSync(schemaDir)
    .filter((file) => file.endsWith('.ridl'))
    .filter((file) => declaresService(readFileSync(join(schemaDir, file), 'utf8')))
    .map((file) => file.replace(/\.ridl$/, ''))
    .sort()
}
