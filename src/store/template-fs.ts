import { MemoryFS } from '@electric-sql/pglite'
import { tarEntries, type TarEntry } from './tar-entries.js'

/**
 * The file system of a new in-memory store, filled from `archive`, a template's (embedded-template.ts), which the
 * store takes as its own: a caller that keeps the bytes passes a copy.
 */
export const templateFs = (archive: Uint8Array): TemplateFs => new TemplateFs(archive, tarEntries(archive))

/**
 * Filled before PostgreSQL starts: each file is a view of the archive. PGlite's own loading of a dump
 * (`loadDataDir`) copies each file twice and looks up each parent folder of each file: about a third of an open's
 * CPU.
 */
class TemplateFs extends MemoryFS {
  readonly #archive: Uint8Array
  readonly #entries: readonly TarEntry[]

  constructor(archive: Uint8Array, entries: readonly TarEntry[]) {
    super()
    this.#archive = archive
    this.#entries = entries
  }

  override async initialSyncFs(): Promise<void> {
    const { FS, ENV } = this.pg!.Module
    const dataDir = ENV.PGDATA as string
    FS.mkdirTree(dataDir)
    for (const { path, folder, offset, size } of this.#entries) {
      const relative = path.replace(/^\/+/, '')
      if (relative === '') continue
      const target = `${dataDir}/${relative}`
      if (folder) FS.mkdir(target)
      else FS.writeFile(target, this.#archive.subarray(offset, offset + size), { canOwn: true })
    }
  }
}
