import { execFile, execFileSync } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/**
 * Builds the Go program of `moduleDir` with the machine's Go into a temporary folder and returns its path. Go's
 * own build cache makes a build of unchanged sources take well under a second, and it sees a change of the Go
 * module the program replaces (go/) that a hash of the program's own files would miss.
 */
export function buildGoProgram(moduleDir: string, name: string): string {
  const binary = join(mkdtempSync(join(tmpdir(), `go-${name}-`)), name)
  execFileSync('go', ['build', '-o', binary, '.'], { cwd: moduleDir, stdio: ['ignore', 'pipe', 'pipe'] })
  return binary
}

/** Runs `go <args>` in `dir`, returning its output, or throwing with go's standard error. */
export function go(dir: string, ...args: string[]): string {
  try {
    return execFileSync('go', args, { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
  } catch (error) {
    const err = error as { stderr?: string; stdout?: string; message: string }
    throw new Error(`go ${args.join(' ')} in ${dir} failed:\n${err.stdout ?? ''}${err.stderr ?? err.message}`)
  }
}

/**
 * Runs a built Go program with `input` on its standard input and returns its standard output. Asynchronous: the
 * servers it calls may run in this process.
 */
export function runGoProgram(binary: string, input: string, args: string[] = []): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile(binary, args, { encoding: 'utf8', timeout: 60_000 }, (error, stdout, stderr) =>
      error ? reject(new Error(`${binary} failed: ${stderr || error.message}`)) : resolve(stdout),
    )
    child.stdin!.end(input)
  })
}
