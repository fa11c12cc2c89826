import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import type { TestProject } from 'vitest/node'
import { ensureGoTool } from '../../scripts/install-tools.js'
import { startPostgres } from './postgres-server.js'

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

/** Runs once before the test workers: they share .tools/bin, so the pinned Go tools are built here, not raced. */
export default async function setup(project: TestProject): Promise<() => void> {
  ensureGoTool('webrpc-gen')
  ensureGoTool('webrpc-test')
  ensureChromium()
  const postgres = await startPostgres()
  if (typeof postgres === 'string') {
    console.warn(`no PostgreSQL for the DATABASE_URL tests (they will fail): ${postgres}`)
    project.provide('postgresUrl', '')
    project.provide('postgresUnavailable', postgres)
    return () => undefined
  }
  project.provide('postgresUrl', postgres.url)
  project.provide('postgresUnavailable', '')
  return () => postgres.stop()
}
