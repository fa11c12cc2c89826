import { spawn } from 'node:child_process'
import { rmSync } from 'node:fs'
import { join } from 'node:path'

type NpmOptions = {
  cwd: string
  env?: NodeJS.ProcessEnv
  /** An install prints a line every few milliseconds at `--loglevel=silly`: this long a silence is a hang. */
  stallMs?: number
}

const attempts = 3

/**
 * Runs `npm <args>` in `cwd`. npm sometimes stops for good in the middle of an install, its tarballs already read
 * from the cache (npm/cli#4028; seen in this suite's CI runs): such a run is killed after a minute without output
 * (`stallMs`) and made again from an empty node_modules, at most three times. Any other failure throws at once, with
 * what npm printed.
 */
export async function runNpm(args: string[], options: NpmOptions): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const outcome = await runOnce(args, options)
    if (outcome.kind === 'done') return
    if (outcome.kind === 'failed')
      throw new Error(`npm ${args.join(' ')} in ${options.cwd} failed (${outcome.exit}):\n${outcome.output}`)
    const stalled = `npm ${args[0]} in ${options.cwd} printed nothing for ${outcome.silentMs} ms after: ${outcome.lastLine}`
    if (attempt === attempts) throw new Error(`${stalled} (attempt ${attempt} of ${attempts})`)
    console.warn(`${stalled}; killed, attempt ${attempt + 1} of ${attempts}`)
    rmSync(join(options.cwd, 'node_modules'), { recursive: true, force: true })
  }
}

type Outcome =
  | { kind: 'done' }
  | { kind: 'failed'; exit: string; output: string }
  | { kind: 'stalled'; silentMs: number; lastLine: string }

function runOnce(args: string[], { cwd, env, stallMs = 60_000 }: NpmOptions): Promise<Outcome> {
  return new Promise((resolve) => {
    // Its own process group, so a stalled npm is killed with anything it started.
    const npm = spawn('npm', [...args, '--loglevel=silly'], {
      cwd,
      env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    let lastOutputAt = Date.now()
    const take = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-20_000)
      lastOutputAt = Date.now()
    }
    npm.stdout.on('data', take)
    npm.stderr.on('data', take)
    let stalledAfter: string | undefined
    const watch = setInterval(
      () => {
        if (Date.now() - lastOutputAt < stallMs) return
        clearInterval(watch)
        stalledAfter = output.trimEnd().split('\n').at(-1) ?? ''
        process.kill(-npm.pid!, 'SIGKILL')
      },
      Math.min(1_000, stallMs / 4),
    )
    npm.on('error', (error) => {
      clearInterval(watch)
      resolve({ kind: 'failed', exit: error.message, output })
    })
    // Resolved once the process is gone, so a run made again never shares node_modules with a stalled one.
    npm.on('close', (code, signal) => {
      clearInterval(watch)
      if (stalledAfter !== undefined) resolve({ kind: 'stalled', silentMs: stallMs, lastLine: stalledAfter })
      else if (code === 0) resolve({ kind: 'done' })
      else resolve({ kind: 'failed', exit: signal ?? `exit code ${code}`, output })
    })
  })
}
