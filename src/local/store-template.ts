import { existsSync, readdirSync, readFileSync, rmSync, statSync, utimesSync } from 'node:fs'
import { homedir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Log } from '../observability/log.js'
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

/** How long a template no start has used stays in the user's cache. */
export const UNUSED_TEMPLATE_KEPT_MS = 30 * 24 * 60 * 60 * 1000

/** A template of any PGlite version, layout or earlier way of keeping it; not a partial file still being written. */
const TEMPLATE_NAME = /^pglite-.+\.tar(\.gz)?$/

/**
 * Marks `file`, the template this start uses, as used now (its modification time), and removes the other
 * templates in its folder that no start has used for UNUSED_TEMPLATE_KEPT_MS: each version or layout of the
 * package leaves one of about 19 MB, and one still in use elsewhere is at worst made again, at its next start.
 */
export function tidyUserTemplates(file: string, log: Log, now = new Date()): void {
  const folder = dirname(file)
  for (const name of existsSync(folder) ? readdirSync(folder) : []) {
    const path = join(folder, name)
    if (!TEMPLATE_NAME.test(name)) continue
    try {
      const lastUsed = statSync(path, { throwIfNoEntry: false })?.mtimeMs
      if (path === file) utimesSync(path, now, now)
      else if (lastUsed && now.getTime() - lastUsed > UNUSED_TEMPLATE_KEPT_MS) rmSync(path, { force: true })
    } catch (error) {
      log(`could not tidy the store template ${path}`, error)
    }
  }
}
