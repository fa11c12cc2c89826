/** A file or folder of a tar archive, where its bytes lie in the archive. */
export interface TarEntry {
  /** As archived: PGlite's dumps start each path at the data directory's root (`/base/5/1259`). */
  path: string
  folder: boolean
  offset: number
  size: number
}

const BLOCK = 512

/**
 * The entries of a ustar archive as PGlite's `dumpDataDir('none')` writes it (regular files and folders, parents
 * first), read in place. A library (nanotar, tar-stream) would be one more peer for every user of the embedded store
 * to install, for the few fields read here. Throws on what is not such an archive, or one cut short.
 */
export function tarEntries(archive: Uint8Array): TarEntry[] {
  const entries: TarEntry[] = []
  const field = (at: number, length: number) => {
    let end = at
    while (end < at + length && archive[end] !== 0) end++
    return Buffer.from(archive.buffer, archive.byteOffset + at, end - at).toString('latin1')
  }
  for (let at = 0; at + BLOCK <= archive.length && archive[at] !== 0;) {
    if (field(at + 257, 5) !== 'ustar') throw new Error(`no ustar header at byte ${at}`)
    const name = field(at, 100)
    const prefix = field(at + 345, 155)
    const size = parseInt(field(at + 124, 12).trim() || '0', 8)
    const offset = at + BLOCK
    if (!Number.isSafeInteger(size) || offset + size > archive.length) {
      throw new Error(`the archive ends inside ${name}`)
    }
    const type = field(at + 156, 1)
    if (type !== '0' && type !== '' && type !== '5') throw new Error(`${name} is neither a file nor a folder`)
    const path = (prefix ? `${prefix}/${name}` : name).replace(/\/+$/, '')
    entries.push({ path, folder: type === '5', offset, size })
    at = offset + Math.ceil(size / BLOCK) * BLOCK
  }
  return entries
}
