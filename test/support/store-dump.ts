import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { repoRoot } from '../../scripts/pipeline/paths.js'
import { readTemplate } from '../../src/store/embedded-template.js'
import { openSql } from '../../src/store/sql.js'
import { applyWebhookLayout, webhookLayoutChecksum } from '../../src/webhook/engine/store/store-schema.js'

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
const storeDumpFile = join(storeDumps, `pglite-${pgliteVersion}.tar`)
/**
 * That store with the webhook engine's tables made, kept as the local server keeps its user's template
 * (SqlOptions.templateFile and templateSetup): one per PGlite version and tables' layout (`dumpedStore`).
 */
const storeTemplateFile = join(storeDumps, `pglite-${pgliteVersion}-${webhookLayoutChecksum}.tar`)

/**
 * Makes storeDumpFile and storeTemplateFile unless they exist; the test run's global setup calls it once, before
 * any worker.
 */
export async function ensureStoreDump(): Promise<void> {
  if (!existsSync(storeDumpFile)) {
    const db = new PGlite()
    try {
      await db.waitReady
      const dump = await db.dumpDataDir('none')
      mkdirSync(dirname(storeDumpFile), { recursive: true })
      // Written under a name of its own, then renamed: a concurrent reader never sees half a dump.
      const partial = `${storeDumpFile}.${process.pid}.partial`
      writeFileSync(partial, new Uint8Array(await dump.arrayBuffer()))
      renameSync(partial, storeDumpFile)
    } finally {
      await db.close()
    }
  }
  if (!existsSync(storeTemplateFile)) {
    const dataDirDump = new Blob([readFileSync(storeDumpFile)])
    const sql = await openSql({ dataDirDump, templateFile: storeTemplateFile, templateSetup: applyWebhookLayout })
    await sql.close()
    if (!existsSync(storeTemplateFile)) throw new Error(`${storeTemplateFile} was not kept`)
  }
}

/** Fails saying why when a file ensureStoreDump makes is not there. */
function expectMade(file: string): void {
  if (!existsSync(file)) {
    throw new Error(`${file} is missing: the global setup (test/support/quick-setup.ts) makes it`)
  }
}

let readEmpty: Blob | undefined
/** The dump of a store initdb made, nothing written to it: for the tests of making the engine's tables. */
export function emptyDumpedStore(): Blob {
  expectMade(storeDumpFile)
  return (readEmpty ??= new Blob([readFileSync(storeDumpFile)]))
}

let read: Blob | undefined
/** A new store with the webhook engine's tables, as the local server opens from its user's template; read once. */
export function dumpedStore(): Blob {
  expectMade(storeTemplateFile)
  return (read ??= readTemplate(storeTemplateFile, (message, error) => {
    throw new Error(message, { cause: error })
  })!)
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
