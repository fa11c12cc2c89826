import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { repoRoot } from '../../scripts/pipeline/paths.js'

// Not require('…/package.json'): PGlite's exports do not list it.
const pgliteVersion = (
  JSON.parse(readFileSync(join(repoRoot, 'node_modules', '@electric-sql', 'pglite', 'package.json'), 'utf8')) as {
    version: string
  }
).version

/**
 * Where the dump of a freshly initdb'd embedded store is kept: it depends only on PGlite's version, so it
 * is made once per machine and version (`dumpedStore`), and every test store starts from it instead of
 * running initdb again (SqlOptions.dataDirDump).
 */
export const storeDumpFile = join(repoRoot, 'node_modules', '.cache', 'test-store', `pglite-${pgliteVersion}.tar`)

/** Makes storeDumpFile unless it exists; the test run's global setup calls it once, before any worker. */
export async function ensureStoreDump(): Promise<void> {
  if (existsSync(storeDumpFile)) return
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

/** Fails saying why when the dump ensureStoreDump makes is not there. */
function expectStoreDump(): void {
  if (!existsSync(storeDumpFile)) {
    throw new Error(`${storeDumpFile} is missing: the global setup (test/support/quick-setup.ts) makes it`)
  }
}

let read: Blob | undefined
/** The dump ensureStoreDump made, read once per test file. */
export function dumpedStore(): Blob {
  expectStoreDump()
  return (read ??= new Blob([readFileSync(storeDumpFile)]))
}

/**
 * Makes `dataDir` hold the dumped store, as a data directory a previous run left would (the dump extracted with tar),
 * unless it already holds a database; returns `dataDir`. Opening such a directory takes a third of the CPU that
 * loading the dump into an empty one does (SqlOptions.dataDirDump, which test/store/lock.test.ts still takes).
 */
export function seededDataDir(dataDir: string): string {
  if (existsSync(join(dataDir, 'PG_VERSION'))) return dataDir
  expectStoreDump()
  mkdirSync(dataDir, { recursive: true })
  // The dump's paths start at PGlite's data directory root, written with a leading '/' that tar strips (and says so).
  execFileSync('tar', ['-xf', storeDumpFile, '-C', dataDir], { stdio: 'ignore' })
  return dataDir
}
