import { execFile, execFileSync } from 'node:child_process'
import { basename } from 'node:path'
import { ensureGoTool } from './go-tools.js'
import { repoRoot } from './paths.js'

export type WebrpcTarget = 'json' | 'typescript' | 'golang' | 'openapi'

/**
 * The Go package of a service is named after its root (`-pkg=marketplace`); `-fixEmptyArrays` makes the server
 * answer a nil slice as `[]`, as the response schemas require of a required list.
 */
export const targetFlags: Record<WebrpcTarget, (stem: string) => string[]> = {
  json: () => ['-target=json'],
  typescript: () => ['-target=typescript', '-client'],
  golang: (stem) => ['-target=golang', '-client', '-server', '-fixEmptyArrays', `-pkg=${stem}`],
  openapi: () => ['-target=openapi'],
}

/**
 * What generation asks of webrpc-gen: the IR, the stock TypeScript client (never the express server; the OpenAPI
 * documents come from the IR) and the Go package (client, server interface and handler) of the Go module.
 */
export const generationTargets: readonly WebrpcTarget[] = ['json', 'typescript', 'golang']

const argumentsOf = (schema: string, target: WebrpcTarget) => [
  `-schema=${schema}`,
  ...targetFlags[target](basename(schema, '.ridl')),
]

const failure = (schema: string, error: unknown) => {
  const err = error as { stderr?: string; stdout?: string; message: string }
  return new Error(`webrpc-gen failed on ${schema}:\n${(err.stderr || err.stdout || err.message).trim()}`)
}

/**
 * Runs the pinned webrpc-gen on `schema` (a path relative to `cwd`, so the command it prints into
 * headers is machine-independent). Calls run in parallel: each is a process of its own.
 */
export function webrpcGen(schema: string, target: WebrpcTarget, cwd: string = repoRoot): Promise<string> {
  const binary = ensureGoTool('webrpc-gen')
  return new Promise((resolve, reject) => {
    execFile(
      binary,
      argumentsOf(schema, target),
      { cwd, encoding: 'utf8', maxBuffer: 64 << 20 },
      (error, stdout, stderr) =>
        error ? reject(failure(schema, { ...error, stderr, stdout, message: error.message })) : resolve(stdout),
    )
  })
}

/** The same, blocking: for tests and tools that need one output at a time. */
export function webrpcGenSync(schema: string, target: WebrpcTarget, cwd: string = repoRoot): string {
  try {
    return execFileSync(ensureGoTool('webrpc-gen'), argumentsOf(schema, target), {
      cwd,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    })
  } catch (error) {
    throw failure(schema, error)
  }
}

/** The schema path of a service root, relative to the repository. */
export const schemaOf = (stem: string): string => `schema/${stem}.ridl`
