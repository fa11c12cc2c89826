import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { repoRoot } from '../../scripts/pipeline/paths.js'

/**
 * What `npm start` runs (package.json's start script), as arguments of `process.execPath`: a test starts the
 * local server the way npm does, without npm's own process in between.
 */
export function npmStartArgs(): string[] {
  const { scripts } = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
    scripts: { start: string }
  }
  const [program, script, ...args] = scripts.start.split(' ')
  if (program !== 'node' || !script) throw new Error(`npm start is not "node <script> ...": ${scripts.start}`)
  return [join(repoRoot, script), ...args]
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
