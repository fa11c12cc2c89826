import { spawnSync } from 'node:child_process'
import { createRequire } from 'node:module'
import { repoRoot } from './paths.js'

/**
 * tsc over tsconfig.build.json without its incremental state: every output written again, also those a build
 * step removed from dist/ that tsc would not rewrite while their module is unchanged.
 */
export function buildEverything(): void {
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc')
  const build = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.build.json', '--incremental', 'false'], {
    cwd: repoRoot,
    stdio: 'inherit',
  })
  if (build.status !== 0) throw new Error(`tsc -p tsconfig.build.json exited with ${build.status}`)
}
