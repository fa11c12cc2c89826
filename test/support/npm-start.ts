import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { repoRoot } from '../../scripts/pipeline/paths.js'

/**
 * What `npm start` runs (package.json's start script in `root`, this checkout by default), as arguments of
 * `process.execPath`: its Node flags, its script and the script's arguments. A test starts the local server the way
 * npm does, without npm's own process in between.
 */
export function npmStartArgs(root = repoRoot): string[] {
  const { flags, script, args } = npmStart(root)
  return [...flags, join(root, script), ...args]
}

/** The Node flags `npm start` runs with (package.json's start script). */
export const npmStartFlags = (): string[] => npmStart(repoRoot).flags

function npmStart(root: string): { flags: string[]; script: string; args: string[] } {
  const { scripts } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    scripts: { start: string }
  }
  const [program, ...words] = scripts.start.split(' ')
  const scriptAt = words.findIndex((word) => !word.startsWith('-'))
  if (program !== 'node' || scriptAt < 0)
    throw new Error(`npm start is not "node [flags] <script> ...": ${scripts.start}`)
  const [script, ...args] = words.slice(scriptAt)
  return { flags: words.slice(0, scriptAt), script: script!, args }
}

/**
 * The environment of an `npm start` in memory with its defaults, whatever the caller's own environment sets: any
 * free port on the loopback, no DATA_DIR, database, fixtures or JWT secret.
 */
export const inMemoryStartEnv = (): NodeJS.ProcessEnv => ({
  ...process.env,
  PORT: '0',
  HOST: '127.0.0.1',
  DATA_DIR: '',
  DATABASE_URL: '',
  FIXTURES: '',
  JWT_SECRET: '',
})

/**
 * inMemoryStartEnv with `home` as the user's home: the user's cache folder, where the store's template is kept
 * (src/local/store-template.ts), is the home's, whatever this process's environment sets.
 */
export const inMemoryStartEnvIn = (home: string): NodeJS.ProcessEnv => ({
  ...inMemoryStartEnv(),
  HOME: home,
  XDG_CACHE_HOME: '',
})
