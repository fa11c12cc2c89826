import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..')
export const schemaDir = join(repoRoot, 'schema')
export const genDir = join(repoRoot, 'gen')
export const toolsModuleDir = join(repoRoot, 'scripts', 'tools')
export const toolsBinDir = join(repoRoot, '.tools', 'bin')

/** Service roots are the .ridl files that declare a service; the rest are imported parts. */
export function serviceRoots(): string[] {
  return readdirSync(schemaDir)
    .filter((file) => file.endsWith('.ridl'))
    .filter((file) => /^service\s/m.test(readFileSync(join(schemaDir, file), 'utf8')))
    .map((file) => file.replace(/\.ridl$/, ''))
    .sort()
}
