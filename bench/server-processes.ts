/**
 * The server processes the server benchmarks measure: bench/server-targets.ts bundled once to plain
 * JavaScript, each target started in its own process.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { build } from 'esbuild'

export interface Target {
  child: ChildProcess
  url: string
  accessKey: string
}

export interface TargetOptions {
  env?: NodeJS.ProcessEnv
  /** Arguments to node before the script (--cpu-prof, for one). */
  nodeArgs?: string[]
}

/**
 * Bundles the targets. They run as plain JavaScript, as a deployment would (tsx wraps every closure for
 * its names, a per-request cost); built inside node_modules/.cache so the bundle still resolves the
 * packages it leaves external.
 */
export async function buildTargets(): Promise<(kind: string, options?: TargetOptions) => Promise<Target>> {
  mkdirSync('node_modules/.cache', { recursive: true })
  const buildDir = mkdtempSync(join('node_modules/.cache', 'server-bench-'))
  const targetsScript = join(buildDir, 'server-targets.mjs')
  await build({
    entryPoints: ['bench/server-targets.ts'],
    outfile: targetsScript,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
  })
  process.on('exit', () => rmSync(buildDir, { recursive: true, force: true }))
  return async (kind, options = {}) => {
    const child = spawn(process.execPath, [...(options.nodeArgs ?? []), targetsScript, kind], {
      stdio: ['ignore', 'pipe', 'inherit'],
      cwd: process.cwd(),
      env: { ...process.env, ...options.env },
    })
    const lines = createInterface({ input: child.stdout! })
    for await (const line of lines) {
      if (line.startsWith('{')) return { child, ...(JSON.parse(line) as { url: string; accessKey: string }) }
    }
    throw new Error(`target ${kind} exited before listening`)
  }
}

/** CPU time (user + system) the process has used, in ms; /proc reports clock ticks of 10 ms. */
export function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
  return (Number(fields[11]) + Number(fields[12])) * 10
}

export function rssMiB(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
  return match ? Math.round(Number(match[1]) / 1024) : NaN
}
