import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'

/** Every file under `dir`, by path relative to it. */
export function listTree(dir: string, base: string = dir): string[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    return entry.isDirectory() ? listTree(path, base) : [relative(base, path)]
  })
}

/**
 * Writes `files` under `outDir`, touching only those whose bytes change (so watchers and builds see
 * real changes only); with `prune`, removes files that are no longer generated (of those `generated` says a run
 * makes: the Go module keeps hand-written files beside its generated ones). Returns what changed.
 */
export function writeTree(
  outDir: string,
  files: ReadonlyMap<string, string>,
  prune: boolean,
  generated: (name: string) => boolean = () => true,
): string[] {
  const changed: string[] = []
  for (const [name, text] of files) {
    const path = join(outDir, name)
    if (existsSync(path) && readFileSync(path, 'utf8') === text) continue
    mkdirSync(dirname(path), { recursive: true })
    writeFileSync(path, text)
    changed.push(name)
  }
  if (prune) {
    for (const name of listTree(outDir)) {
      if (files.has(name) || !generated(name)) continue
      rmSync(join(outDir, name))
      changed.push(name)
    }
  }
  return changed.sort()
}
