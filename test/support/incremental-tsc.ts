import { spawnSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { copyFileSync, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs'
import { basename, dirname, join, resolve } from 'node:path'
import { repoRoot } from '../../scripts/pipeline/paths.js'

/**
 * The tests' type checks run TypeScript 7 (the `typescript-7` alias, `npm run typecheck` runs it too): its native
 * compiler checks the README examples in about a fifth of 5.9's time. The package's own types are checked on
 * both 5.9 and 7 where a consumer compiles them (test/package/static/types.slow.test.ts).
 */
const tsc = join(repoRoot, 'node_modules', 'typescript-7', 'bin', 'tsc')

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
    // Files named on the command line are the whole program: TypeScript 7 refuses them beside a tsconfig.json
    // (the repository's, in the working directory) unless told to leave it unread.
    const ignoreConfig = args.includes('-p') ? [] : ['--ignoreConfig']
    const result = spawnSync(
      process.execPath,
      [tsc, ...args, ...ignoreConfig, '--pretty', 'false', '--incremental', '--tsBuildInfoFile', own],
      { cwd: repoRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
    )
    if (result.error) throw result.error
    if (existsSync(own)) renameSync(own, buildInfoFile)
    return { code: result.status, output: result.stdout + result.stderr }
  } finally {
    rmSync(ownDir, { recursive: true, force: true })
  }
}

export interface TscError {
  file: string
  line: number
  message: string
}

/**
 * incrementalTsc's output as errors, each file's path absolute: `file(line,col): error TSn: message` (tsc's
 * `--pretty false`, paths relative to the repository, where it runs), continuation lines indented.
 */
export function tscErrors(output: string): TscError[] {
  const errors: TscError[] = []
  for (const line of output.split('\n')) {
    const start = /^(.+)\((\d+),\d+\): error (TS\d+: .*)$/.exec(line)
    if (start) errors.push({ file: resolve(repoRoot, start[1]!), line: Number(start[2]), message: start[3]! })
    else if (line.startsWith(' ') && errors.length > 0) errors.at(-1)!.message += `\n${line.trim()}`
  }
  return errors
}
