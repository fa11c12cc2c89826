import { readFileSync } from 'node:fs'
import { homedir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { templateFileIn } from '../store/embedded-template.js'

/**
 * Where the local server keeps the embedded store's template for its user (SqlOptions.templateFile): one file per
 * PGlite version and `layout` (what the template's setup makes, named by its checksum), in $XDG_CACHE_HOME, else
 * ~/.cache (templateFileIn). Undefined when PGlite is not installed (opening the store says so).
 */
export function userStoreTemplateFile(layout: string): string | undefined {
  try {
    const entry = fileURLToPath(import.meta.resolve('@electric-sql/pglite'))
    const root = entry.slice(0, entry.lastIndexOf(PGLITE) + PGLITE.length)
    const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }
    const cache = process.env.XDG_CACHE_HOME || join(homedir(), '.cache')
    return templateFileIn(join(cache, 'web3-market-contract'), version, layout)
  } catch {
    return undefined
  }
}

const PGLITE = join('@electric-sql', 'pglite')
