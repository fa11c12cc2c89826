import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { genDir } from '../../../scripts/paths.js'

export const schemasDir = join(genDir, 'schemas')

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? walk(path) : [path]
  })
}

/** Every committed schema file, by its path under gen/schemas. */
export function schemaFiles(): Map<string, Record<string, any>> {
  return new Map(
    walk(schemasDir)
      .sort()
      .map((path) => [relative(schemasDir, path), JSON.parse(readFileSync(path, 'utf8'))]),
  )
}

export const isSchemaResource = (path: string) => path !== 'index.json' && !path.startsWith('bundles/')
