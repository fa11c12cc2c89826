import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..')
export const schemaDir = join(repoRoot, 'schema')
export const genDir = join(repoRoot, 'gen')
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
