import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { expect, it } from 'vitest'
import { tarEntries } from '../../src/store/tar-entries.js'
import { dumpedStoreFile } from '../support/store-dump.js'

it("reads every entry of a store's dump where GNU tar lists it: path, kind and size, and the bytes it extracts", () => {
  const file = dumpedStoreFile()
  const archive = readFileSync(file)
  const listed = execFileSync('tar', ['-tvf', file], { encoding: 'utf8', maxBuffer: 1 << 26 })
    .trim()
    .split('\n')
    .map((line) => {
      const [mode, , size, , , ...name] = line.split(/\s+/)
      return { path: name.join(' ').replace(/\/$/, ''), folder: mode!.startsWith('d'), size: Number(size) }
    })
  const entries = tarEntries(archive)
  expect(entries.map(({ path, folder, size }) => ({ path, folder, size }))).toEqual(listed)
  const version = entries.find((entry) => entry.path === '/PG_VERSION')!
  const extracted = execFileSync('tar', ['-xOf', file, '/PG_VERSION'], { stdio: ['ignore', 'pipe', 'ignore'] })
  expect(Buffer.from(archive.subarray(version.offset, version.offset + version.size)).equals(extracted)).toBe(true)
})

it('refuses what is no ustar archive, or one cut short inside a file', () => {
  const archive = readFileSync(dumpedStoreFile())
  expect(() => tarEntries(Buffer.from('x'.repeat(1024)))).toThrow('no ustar header at byte 0')
  const first = tarEntries(archive).find((entry) => !entry.folder && entry.size > 0)!
  expect(() => tarEntries(archive.subarray(0, first.offset + first.size - 1))).toThrow('the archive ends inside')
})
