import { availableParallelism } from 'node:os'
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config'

/**
 * Tiers, chosen by project name (`--project` takes wildcards); `npm test` runs every project, each file once:
 * - quick tier, `npm run test:quick` (`--project 'quick*'`): no package install, no apt, no browser;
 * - user tier, `npm run test:user` (`--project '*user'`): every test a package user touches.
 * A file belongs by its path, so a new test file lands in its tier by where it is written.
 */
const user = [
  'test/package/**/*.test.ts', // the packed tarball installed into empty projects
  'test/package.test.ts',
  'test/client/**/*.test.ts',
  'test/local/**/*.test.ts',
  'test/webhook/**/*.test.ts', // the engine and the receiver
  'test/query/**/*.test.ts',
  'test/msw/**/*.test.ts',
]
/** What the quick tier leaves out of the user tier: installs from the packed tarball, apt (PostgreSQL, chromium), a browser. */
const slowUser = [
  'test/package/**/*.test.ts',
  'test/package.test.ts',
  'test/local/browser.test.ts',
  'test/local/docs.test.ts',
  'test/msw/browser.test.ts',
  'test/local/postgres.test.ts',
  'test/webhook/scale-out.test.ts',
  'test/webhook/store-migration.test.ts',
  'test/webhook/reconnect.test.ts',
  'test/webhook/follower-failover.test.ts',
]
/** Slow and not a package user's: PostgreSQL, and other teams' tools installed from PyPI and the npm registry. */
const slowOther = [
  'test/store/postgres-pool.test.ts',
  'test/conform/third-party-tools.test.ts', // Schemathesis (PyPI), Prism and hey-api on the Node 24 package
  'test/jsonschema/cross-validators.test.ts', // python-jsonschema (PyPI)
]

const quickSetup = './test/support/quick-setup.ts'
const slowSetup = [quickSetup, './test/support/global-setup.ts']

const project = (
  name: string,
  include: string[],
  exclude: string[],
  globalSetup: string | string[],
  isolate = true,
): TestProjectInlineConfiguration => ({
  extends: true,
  test: { name, include, exclude: ['**/node_modules/**', ...exclude], globalSetup, isolate },
})

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // One worker more than cores (vitest's default is one fewer): much of a test's time is spent waiting on
    // the processes, servers and stores it started, and a 2-core machine would otherwise run one file at a time.
    maxWorkers: availableParallelism() + 1,
    // Transformed modules kept on disk between runs (node_modules/.experimental-vitest-cache; the default from
    // vitest 5), keyed by each file's content: the quick tier's transform time fell from about 11 s to 3 s warm.
    experimental: { fsModuleCache: true },
    reporters: ['default', './test/support/summary-reporter.ts'],
    projects: [
      // The quick tier's files share their worker's loaded modules (no isolation): importing src/ again for each
      // file was a tenth of the tier's time. Each file still starts and stops its own servers and stores.
      project('quick', ['test/**/*.test.ts'], [...user, ...slowOther], quickSetup, false),
      project('quick-user', user, slowUser, quickSetup, false),
      project('slow-user', slowUser, [], [...slowSetup, './test/package/support/run-dir-setup.ts']),
      project('slow', slowOther, [], slowSetup),
    ],
  },
})
