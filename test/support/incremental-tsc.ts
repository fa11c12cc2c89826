import { spawnSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { copyFileSync, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { repoRoot } from '../../scripts/paths.js'

/**
 * Runs tsc with `args` and `--incremental`, its build info kept in `buildInfoFile` between test runs: tsc then
 * checks again only the files whose text changed or that depend on one that did, by its own bookkeeping
 * (content hashes of every file the program reads). Each run works on a copy of the build info and renames it
 * back, so that two runs at once (two vitest processes of one checkout) each read a whole one. The copy has the
 * same name in a folder beside the build info's own: tsc keeps its paths relative to the build info (its own
 * name included) and checks everything again when they differ.
 * Returns tsc's exit code and everything it printed (nothing, when it finds no error).
 */
export function incrementalTsc(args: string[], buildInfoFile: string): { code: number | null; output: string } {
  const ownDir = `${dirname(buildInfoFile)}.${randomUUID()}.partial`
  const own = join(ownDir, basename(buildInfoFile))
  mkdirSync(ownDir, { recursive: true })
  mkdirSync(dirname(buildInfoFile), { recursive: true })
  try {
    if (existsSync(buildInfoFile)) copyFileSync(buildInfoFile, own)
    const result = spawnSync(
      process.execPath,
      [join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc'), ...args, '--incremental', '--tsBuildInfoFile', own],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
    )
    if (result.error) throw result.error
    if (existsSync(own)) renameSync(own, buildInfoFile)
    return { code: result.status, output: result.stdout + result.stderr }
  } finally {
    rmSync(ownDir, { recursive: true, force: true })
  }
}
