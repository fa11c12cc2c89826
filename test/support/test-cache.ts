import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { randomUUID } from 'node:crypto'
import { dirname, join } from 'node:path'
import { repoRoot } from '../../scripts/pipeline/paths.js'

/** Where a test keeps files between runs: in this checkout's node_modules, so two checkouts never share one. */
export const testCacheDir = (name: string) =>
  join(repoRoot, 'node_modules', '.cache', 'web3-market-contract-test', name)

/**
 * Writes `text` to `path` unless the file already holds it, aside and then renamed: a run of the same test
 * at the same time (in another vitest) reads the old file or the new one, never half of one.
 */
export function writeFileAtomically(path: string, text: string): void {
  if (existsSync(path) && readFileSync(path, 'utf8') === text) return
  mkdirSync(dirname(path), { recursive: true })
  const partial = `${path}.${randomUUID()}.partial`
  writeFileSync(partial, text)
  renameSync(partial, path)
}
