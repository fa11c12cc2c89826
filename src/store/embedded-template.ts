import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { promisify } from 'node:util'
import { gunzipSync, gzip } from 'node:zlib'
import type { Log } from '../observability/log.js'

/**
 * An embedded store's template (SqlOptions.templateFile): the data directory of a new store with its template setup
 * done, before anything else was written to it, as a gzip'd tar (about 5 MB; 40 MB as it is).
 */

/** The template kept in `file`, or undefined when there is none or it is no gzip'd tar (logged). */
export function readTemplate(file: string, log: Log): Blob | undefined {
  if (!existsSync(file)) return undefined
  try {
    const archive = gunzipSync(readFileSync(file))
    // Not a tar, PGlite tries it as gzip with a stream whose errors nothing handles: it never gets one.
    if (archive.toString('latin1', 257, 262) !== 'ustar') throw new Error('not a tar archive')
    return new Blob([archive])
  } catch (error) {
    log(`could not read the embedded store's template ${file}`, error)
    return undefined
  }
}

/** Keeps `dump` in `file`, compressed off this thread; a failure is logged. */
export function keepTemplate(file: string, dump: Blob, log: Log): Promise<void> {
  return write(file, dump).catch((error: unknown) =>
    log(`could not keep the embedded store's template in ${file}`, error),
  )
}

async function write(file: string, dump: Blob): Promise<void> {
  const compressed = await promisify(gzip)(new Uint8Array(await dump.arrayBuffer()), { level: 1 })
  mkdirSync(dirname(file), { recursive: true })
  // Written under a name of its own, then renamed: a store opening meanwhile never reads half a template.
  const partial = `${file}.${process.pid}.partial`
  writeFileSync(partial, compressed)
  renameSync(partial, file)
}
