import { availableParallelism } from 'node:os'
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config'
import { npmStartFlags } from './test/support/npm-start.js'

/**
 * Tiers, from where a test file lives and its name; `npm test` runs every project, each file once:
 * - slow: a file named `*.slow.test.ts` (it installs the packed tarball, uses apt (PostgreSQL, chromium), a
 *   browser, or other teams' tools from PyPI and the npm registry, or runs another file's tests against a store
 *   of its own); every other file but the timed and alone ones is quick;
 * - user: a file under a folder of what a package user runs (the packed tarball, the clients and their
 *   runtime, the local server and the services' reference behaviour, webhooks, TanStack Query, MSW);
 * - once: the webhook engine's slow files (several processes and databases, stopped, cut off, loaded), an operator's
 *   checks rather than a package user's, and the packed tarball's static checks (test/package/static/: its
 *   declarations under each compiler, an editor's hover, publint and attw, the install's size), which read the
 *   package's files without running them on Node. Nothing they check changes with the Node line, so they run in
 *   `npm test` only and not in `test:user`, which CI runs once per Node line;
 * - timed: a file named `*.timed.test.ts`, whose property is a bound on the machine's clock (fast listeners' p99
 *   beside slow ones, calls failing fast while a database is away). These run after every other project has ended
 *   (vitest's sequence.groupOrder), so the bound is checked against the code under test and not against the type
 *   checks and installs beside it: in a loaded 2-core CI run the fairness test once measured p50 422 ms and p99
 *   1,221 ms. Each takes under one core (CONTRIBUTING.md has the figures), so two run side by side;
 * - alone: a file named `*.alone.test.ts`, a bound on a process's start, which takes more than one core (the
 *   embedded store's initdb beside the server): it runs last, by itself. Beside a timed file, the first webhook
 *   call 3 s after `npm start`'s line took 800 ms where 300 ms is the bound.
 * The timed and alone files run in `npm test` only, like the once files.
 * `npm run test:quick` runs the quick projects (`--project 'quick*'`), `npm run test:user` the user ones (`'*user'`).
 */
const userFolders = ['package', 'client', 'runtime', 'local', 'reference', 'webhook', 'query', 'msw']
const user = userFolders.map((folder) => `test/${folder}/**/*.test.ts`)
const slow = 'test/**/*.slow.test.ts'
const once = ['test/webhook/engine/**/*.slow.test.ts', 'test/package/static/**/*.slow.test.ts']
const timed = 'test/**/*.timed.test.ts'
const alone = 'test/**/*.alone.test.ts'

/**
 * The workers run with `npm start`'s Node flags (package.json): PGlite's WebAssembly compiled by V8's baseline
 * compiler only, whose optimizing tier costs more than it saves in a process that lives seconds. The timed and alone
 * files run without them, as a user's own process does (`startLocalServer()` in a test runner's worker).
 */
const workerFlags = npmStartFlags()

const quickSetup = './test/support/quick-setup.ts'
const slowSetup = [quickSetup, './test/support/global-setup.ts']
/** The packed tarball's tests share one run folder of consumer installs (test/package/support/run-dir-setup.ts). */
const packageSetup = [...slowSetup, './test/package/support/run-dir-setup.ts']

/** `after`: the project runs once the projects of lower `order` have ended, `workers` files at a time. */
const project = (
  name: string,
  include: string[],
  exclude: string[],
  globalSetup: string | string[],
  { after }: { after?: { order: number; workers: number } } = {},
): TestProjectInlineConfiguration => ({
  extends: true,
  test: {
    name,
    include,
    exclude: ['**/node_modules/**', ...exclude],
    globalSetup,
    // The files share their worker's loaded modules (no isolation): importing src/ again for each file was a
    // tenth of the quick tier's time, and of the slow-user project's 69 s of CPU, 13 s. Each file still starts and
    // stops its own servers and stores, and a file that runs another's tests calls the function that registers
    // them (test/reference/operation-cases.ts), which an import of a module already loaded would not.
    isolate: false,
    execArgv: after ? [] : workerFlags,
    ...(after && { maxWorkers: after.workers, sequence: { groupOrder: after.order } }),
  },
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
      project('quick', ['test/**/*.test.ts'], [...user, slow, timed, alone], quickSetup),
      project('quick-user', user, [slow, timed, alone], quickSetup),
      project(
        'slow-user',
        user.map((glob) => glob.replace(/\.test\.ts$/, '.slow.test.ts')),
        once,
        packageSetup,
      ),
      project('slow', [slow], user, slowSetup),
      project('slow-once', once, [], packageSetup),
      project('timed', [timed], [], slowSetup, { after: { order: 1, workers: 2 } }),
      project('alone', [alone], [], slowSetup, { after: { order: 2, workers: 1 } }),
    ],
  },
})
