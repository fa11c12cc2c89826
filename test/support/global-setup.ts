import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import type { TestProject } from 'vitest/node'
import { startPostgres, type PostgresServer } from './postgres-server.js'

declare module 'vitest' {
  interface ProvidedContext {
    /**
     * A PostgreSQL server for the tests of the DATABASE_URL path (test/local/postgres.test.ts): a connection
     * string to a database tests may create other databases from; '' when there is none.
     */
    postgresUrl: string
    /** Why postgresUrl is '' (the tests that need it fail with this). */
    postgresUnavailable: string
  }
}

const chromiumPath = '/usr/bin/chromium'

/**
 * The browser test drives Debian's chromium: a fresh Debian machine run as root (CI) gets it here.
 * Elsewhere nothing is installed and test/local/browser.test.ts fails, saying what is missing.
 */
function ensureChromium(): void {
  if (existsSync(chromiumPath)) return
  if (process.getuid?.() !== 0 || !existsSync('/usr/bin/apt-get')) {
    console.warn(`${chromiumPath} is missing; the browser test will fail until Debian's chromium is installed`)
    return
  }
  console.log('installing Debian chromium for the browser test (apt-get)...')
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env })
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env })
}

/**
 * One PostgreSQL server for the whole run, however many projects run this setup (vitest calls it once per
 * project, in one process): the first starts it, the last teardown stops it.
 */
interface SharedPostgres {
  server: Promise<PostgresServer | string>
  users: number
}
const sharedKey = Symbol.for('web3-market-contract.test-postgres')
const shared = globalThis as { [sharedKey]?: SharedPostgres }

/**
 * Global setup of the projects past the quick tier (vitest.config.ts), after test/support/quick-setup.ts:
 * installs what they need from Debian (chromium, postgresql) and starts the PostgreSQL server.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  ensureChromium()
  const entry = (shared[sharedKey] ??= { server: startPostgres(), users: 0 })
  entry.users++
  const postgres = await entry.server
  const release = () => {
    if (--entry.users > 0) return
    delete shared[sharedKey]
    if (typeof postgres !== 'string') postgres.stop()
  }
  if (typeof postgres === 'string') {
    console.warn(`no PostgreSQL for the DATABASE_URL tests (they will fail): ${postgres}`)
    project.provide('postgresUrl', '')
    project.provide('postgresUnavailable', postgres)
    return release
  }
  project.provide('postgresUrl', postgres.url)
  project.provide('postgresUnavailable', '')
  return release
}
