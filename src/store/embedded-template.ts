import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import type { Log } from '../observability/log.js'
import { isAlive } from './lock.js'

/**
 * An embedded store's template (SqlOptions.templateFile): the data directory of a new store with its template setup
 * done, before anything else was written to it, as a tar of about 19 MB. Kept as it is rather than compressed (about
 * 2.3 MB): a later start then reads it without inflating it first, about 0.1 s sooner.
 */

/**
 * A template's file in `folder`: one per PGlite version, what its setup makes (`setup`, the checksum of the engine's
 * layout) and how it is made (sql.ts: initdb's options for memory, without template0; a new way, a new name).
 */
export function templateFileIn(folder: string, pgliteVersion: string, setup?: string): string {
  return join(folder, `pglite-${pgliteVersion}${setup ? `-${setup}` : ''}-in-memory.tar`)
}

/** The archive kept in `file`, bytes of its own, or undefined when there is none or it is no tar archive (logged). */
export function readTemplateArchive(file: string, log: Log): Uint8Array<ArrayBuffer> | undefined {
  if (!existsSync(file)) return undefined
  try {
    const archive = readFileSync(file)
    // Not a tar, PGlite tries it as gzip with a stream whose errors nothing handles: it never gets one.
    if (archive.toString('latin1', 257, 262) !== 'ustar') throw new Error('not a tar archive')
    // A store writes into the bytes it is given: those of a small file may lie in a pool other Buffers share.
    return archive.byteLength === archive.buffer.byteLength ? archive : new Uint8Array(archive)
  } catch (error) {
    log(`could not read the embedded store's template ${file}`, error)
    return undefined
  }
}

/**
 * The template kept in `file` as the Blob a new store starts from (SqlOptions.dataDirDump), read once for many stores
 * (a test run's); undefined as readTemplateArchive.
 */
export function readTemplate(file: string, log: Log): Blob | undefined {
  const archive = readTemplateArchive(file, log)
  return archive && new TemplateBlob(archive)
}

/**
 * A template as the Blob PGlite loads a data directory from, which it reads with arrayBuffer() alone. Node answers
 * that by reading it out chunk by chunk and joining the chunks: for a template of 33 MB, 50 ms of a 300 ms open,
 * where a copy of the bytes the Blob was made from takes a few. An in-memory store opens from a copy of its bytes
 * (templateArchive) instead.
 */
class TemplateBlob extends Blob {
  readonly #bytes: Uint8Array<ArrayBuffer>

  constructor(bytes: Uint8Array<ArrayBuffer>) {
    super([bytes])
    this.#bytes = bytes
  }

  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(new Uint8Array(this.#bytes).buffer)
  }

  /** A copy of the archive, for one store to take as its own. */
  archiveCopy(): Uint8Array {
    // Not slice(): on the Buffer that reading a file gives, it is a view of the same bytes.
    return new Uint8Array(this.#bytes)
  }
}

/** A copy of the archive `dump` holds, when it is a template read here: a new in-memory store takes it (template-fs.ts). */
export const templateArchive = (dump: Blob) => (dump instanceof TemplateBlob ? dump.archiveCopy() : undefined)

/** Keeps `dump` in `file`, written off this thread; a failure is logged. */
export function keepTemplate(file: string, dump: Blob, log: Log): Promise<void> {
  return write(file, dump).catch((error: unknown) =>
    log(`could not keep the embedded store's template in ${file}`, error),
  )
}

async function write(file: string, dump: Blob): Promise<void> {
  const folder = dirname(file)
  mkdirSync(folder, { recursive: true })
  removePartialsOfEndedProcesses(folder)
  // Written under a name of its own, then renamed: a store opening meanwhile never reads half a template.
  const partial = `${file}.${process.pid}.partial`
  await writeFile(partial, new Uint8Array(await dump.arrayBuffer()))
  renameSync(partial, file)
}

/** A process killed while writing a template leaves its partial file (19 MB): removed once that process is gone. */
function removePartialsOfEndedProcesses(folder: string): void {
  for (const name of readdirSync(folder)) {
    const pid = Number(/\.(\d+)\.partial$/.exec(name)?.[1])
    if (pid && !isAlive(pid)) rmSync(join(folder, name), { force: true })
  }
}
