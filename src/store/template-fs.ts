import { MemoryFS } from '@electric-sql/pglite'
import { tarEntries, type TarEntry } from './tar-entries.js'

/** Each template's entries, read once per process (a test worker opens many stores from one). */
const entriesRead = new WeakMap<Uint8Array, readonly TarEntry[]>()

/** The file system of a new in-memory store, filled from `archive`, a template's (embedded-template.ts). */
export function templateFs(archive: Uint8Array): TemplateFs {
  let entries = entriesRead.get(archive)
  if (!entries) entriesRead.set(archive, (entries = tarEntries(archive)))
  // Not slice(): on the Buffer that reading a file gives, it is a view of the same bytes.
  return new TemplateFs(new Uint8Array(archive), entries)
}

/**
 * Filled before PostgreSQL starts: each file is a view of one copy of the template's archive, which the store then
 * owns. PGlite's own loading of a dump (`loadDataDir`) copies each file twice and looks up each parent folder of
 * each file: about a third of an open's CPU.
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
