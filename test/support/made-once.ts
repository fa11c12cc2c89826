import { existsSync, renameSync, rmSync } from 'node:fs'
import { join } from 'node:path'

/**
 * A folder under `dir` made once by `make` (given a folder of its own to fill) and reused while `marker`
 * (a path inside it) exists. Made aside and renamed, so test files that ask at once never see half of it.
 */
export function madeOnce(dir: string, marker: string, make: (partial: string) => void): string {
  if (existsSync(join(dir, marker))) return dir
  const partial = `${dir}.${process.pid}.partial`
  rmSync(partial, { recursive: true, force: true })
  make(partial)
  try {
    renameSync(partial, dir)
  } catch (error) {
    // Another test file made it first: keep theirs.
    if (!existsSync(join(dir, marker))) throw error
    rmSync(partial, { recursive: true, force: true })
  }
  return dir
}
