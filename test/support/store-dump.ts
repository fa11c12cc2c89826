import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { repoRoot } from '../../scripts/pipeline/paths.js'
import { readTemplate, templateFileIn } from '../../src/store/embedded-template.js'
import { openSql, type SqlOptions } from '../../src/store/sql.js'
import { prepareWebhookTables, webhookLayoutChecksum } from '../../src/webhook/engine/store/store-schema.js'

// Not require('…/package.json'): PGlite's exports do not list it.
const pgliteVersion = (
  JSON.parse(readFileSync(join(repoRoot, 'node_modules', '@electric-sql', 'pglite', 'package.json'), 'utf8')) as {
    version: string
  }
).version

const storeDumps = join(repoRoot, 'node_modules', '.cache', 'test-store')
/**
 * Where the dump of a freshly initdb'd embedded store is kept: it depends only on PGlite's version, so it
 * is made once per machine and version (`emptyDumpedStore`), and every test store starts from it or from the
 * template below instead of running initdb again (SqlOptions.dataDirDump).
 */
const storeDumpFile = templateFileIn(storeDumps, pgliteVersion)
/**
 * That store with the webhook engine's tables made, kept as the local server keeps its user's template
 * (SqlOptions.templateFile and templateSetup): one per PGlite version and tables' layout (`dumpedStore`).
 */
const storeTemplateFile = templateFileIn(storeDumps, pgliteVersion, webhookLayoutChecksum)

/**
 * Makes storeDumpFile and storeTemplateFile unless they exist, each kept as the local server keeps its template
 * (written aside, then renamed: a concurrent reader never sees half of one); the test run's global setup calls it
 * once, before any worker.
 */
export async function ensureStoreDump(): Promise<void> {
  if (!existsSync(storeDumpFile)) await keptStore({ templateFile: storeDumpFile })
  if (!existsSync(storeTemplateFile))
    await keptStore({
      dataDirDump: emptyDumpedStore(),
      templateFile: storeTemplateFile,
      templateSetup: prepareWebhookTables,
    })
}

/** Opens a new store that keeps its template in `options.templateFile`; closed once the template is written. */
async function keptStore(options: SqlOptions & { templateFile: string }): Promise<void> {
  await (await openSql(options)).close()
  if (!existsSync(options.templateFile)) throw new Error(`${options.templateFile} was not kept`)
}

/** Fails saying why when a file ensureStoreDump makes is not there. */
function expectMade(file: string): void {
  if (!existsSync(file)) {
    throw new Error(`${file} is missing: the global setup (test/support/quick-setup.ts) makes it`)
  }
}

const read = new Map<string, Blob>()
/** The store kept in `file`, read once, as the local server reads its user's template. */
function readStore(file: string): Blob {
  expectMade(file)
  let store = read.get(file)
  if (!store) {
    store = readTemplate(file, (message, error) => {
      throw new Error(message, { cause: error })
    })!
    read.set(file, store)
  }
  return store
}

/** The dump of a store initdb made, nothing written to it: for the tests of making the engine's tables. */
export const emptyDumpedStore = (): Blob => readStore(storeDumpFile)

/** A new store with the webhook engine's tables, as the local server opens from its user's template. */
export const dumpedStore = (): Blob => readStore(storeTemplateFile)

/** The file dumpedStore() reads. */
export const dumpedStoreFile = (): string => {
  expectMade(storeTemplateFile)
  return storeTemplateFile
}

/**
 * Makes `dataDir` hold the store dumpedStore() opens (with the webhook engine's tables), as a data directory a
 * previous run left would (the template extracted with tar), unless it already holds a database; returns `dataDir`.
 * Opening such a directory takes a third of the CPU that loading the dump into an empty one does
 * (SqlOptions.dataDirDump, which test/store/lock.test.ts still takes).
 */
export function seededDataDir(dataDir: string): string {
  if (existsSync(join(dataDir, 'PG_VERSION'))) return dataDir
  expectMade(storeTemplateFile)
  mkdirSync(dataDir, { recursive: true })
  // The dump's paths start at PGlite's data directory root, written with a leading '/' that tar strips (and says so).
  execFileSync('tar', ['-xf', storeTemplateFile, '-C', dataDir], { stdio: 'ignore' })
  return dataDir
}
