import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync } from 'node:fs'
import { join } from 'node:path'
import { repoRoot } from '../../scripts/pipeline/paths.js'

/**
 * The Go program in moduleDir (its main package), built once into .tools/cache under the hash of its
 * go.mod, go.sum and .go files, and rebuilt only when one of them changes: `go run` would link it again
 * on every test run.
 */
export function goBinary(moduleDir: string, name: string): string {
  const hash = createHash('sha256')
  for (const file of readdirSync(moduleDir).sort()) {
    if (file === 'go.mod' || file === 'go.sum' || file.endsWith('.go')) {
      hash.update(`${file}\0`).update(readFileSync(join(moduleDir, file)))
    }
  }
  const cacheDir = join(repoRoot, '.tools', 'cache')
  const binary = join(cacheDir, `${name}-${hash.digest('hex').slice(0, 16)}`)
  if (existsSync(binary)) return binary
  mkdirSync(cacheDir, { recursive: true })
  // Built under a name of its own, then renamed: a concurrent run never executes a half-written binary.
  const partial = `${binary}.${process.pid}.partial`
  execFileSync('go', ['build', '-trimpath', '-o', partial, '.'], { cwd: moduleDir, stdio: ['ignore', 'pipe', 'pipe'] })
  renameSync(partial, binary)
  return binary
}
