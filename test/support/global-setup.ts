import type { TestProject } from 'vitest/node'
import { installingChromium } from './chromium.js'
import { startPostgres, type PostgresServer } from './postgres-server.js'

declare module 'vitest' {
  interface ProvidedContext {
    /**
     * A PostgreSQL server for the tests of the DATABASE_URL path (test/local/postgres.slow.test.ts): a connection
     * string to a database tests may create other databases from; '' when there is none.
     */
    postgresUrl: string
    /** Why postgresUrl is '' (the tests that need it fail with this). */
    postgresUnavailable: string
  }
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
/** The run's one chromium install, started by the first project's setup. */
const chromiumKey = Symbol.for('web3-market-contract.test-chromium')
const shared = globalThis as {
  [sharedKey]?: SharedPostgres
  [chromiumKey]?: ReturnType<typeof installingChromium>
}

/**
 * Global setup of the projects past the quick tier (vitest.config.ts), after test/support/quick-setup.ts:
 * installs what they need from Debian (chromium in the background, postgresql) and starts the PostgreSQL server.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const chromium = (shared[chromiumKey] ??= installingChromium())
  project.provide('chromiumInstallOutcome', chromium.outcomeFile)
  const entry = (shared[sharedKey] ??= { server: startPostgres(), users: 0 })
  entry.users++
  const postgres = await entry.server
  const release = async () => {
    if (--entry.users > 0) return
    delete shared[sharedKey]
    if (typeof postgres !== 'string') postgres.stop()
    // A run that ends before the install does (one test file, say) leaves no apt-get behind holding dpkg's lock.
    await chromium.done
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
