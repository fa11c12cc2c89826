import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { repoRoot } from '../../scripts/pipeline/paths.js'
import { entryTable, type FileEntry, type ModuleEntry } from '../../src/entries/entry-table.js'
import { entryLabel } from '../../src/entries/peer-dependencies.js'
import { sections, tables } from '../docs/markdown.js'

const entries = Object.entries(entryTable) as [string, ModuleEntry | FileEntry][]
const moduleEntries = entries.filter((pair): pair is [string, ModuleEntry] => 'file' in pair[1])
const peerLoading = moduleEntries.filter(([, entry]) => entry.module !== undefined)
const entriesDir = join(repoRoot, 'src', 'entries')
/** A file of src/entries without its whitespace, so a check does not depend on where the formatter breaks lines. */
const source = (file: string) => readFileSync(join(entriesDir, file), 'utf8').replace(/\s+/g, '')

/** The `exports` value of one entry: its JavaScript and, beside it, its declarations; a twin for require(). */
function exportsOf(entry: ModuleEntry | FileEntry): unknown {
  if ('path' in entry) return entry.path
  const at = (suffix: string) => `./dist/src/entries/${entry.file}${suffix}`
  const esm = { types: at('.d.ts'), default: at('.js') }
  if (entry.systems === 'esm') return esm
  return { require: { types: at('.require.d.cts'), default: at('.require.cjs') }, ...esm }
}

describe('the entry table', () => {
  it("is package.json's exports map, in its order, each entry's types beside its JavaScript", () => {
    const { exports } = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { exports: object }
    const expected = Object.fromEntries(entries.map(([subpath, entry]) => [subpath, exportsOf(entry)]))
    expect(JSON.stringify(exports, null, 2)).toBe(JSON.stringify(expected, null, 2))
  })

  it('names every wrapper of src/entries, and a require() twin exactly where an entry is esm+require', () => {
    const support = ['entry-table.ts', 'peer-dependencies.ts']
    const expected = moduleEntries.flatMap(([, { file, systems }]) =>
      systems === 'esm' ? [`${file}.ts`] : [`${file}.ts`, `${file}.require.cts`],
    )
    expect(readdirSync(entriesDir).sort()).toEqual([...expected, ...support].sort())
  })

  it.each(peerLoading)(
    '%s: its wrapper and its twin load the module of the table through the peer table',
    (subpath, entry) => {
      const quoted = (text: string) => `'${text}'`
      const wrapper = source(`${entry.file}.ts`)
      expect(wrapper).toContain(`loadWithPeers(${quoted(subpath)}`)
      expect(wrapper).toContain(`import(${quoted(entry.module!)})`)
      expect(wrapper).toContain(`exporttype*from${quoted(entry.module!)}`)
      const twin = source(`${entry.file}.require.cts`)
      expect(twin).toContain(`requireWithPeers(${quoted(subpath)}`)
      expect(twin).toContain(`require(${quoted(entry.module!)})`)
    },
  )

  it.each(peerLoading)('%s: its wrapper exports exactly the values of its module', async (_, entry) => {
    const names = (module: object) => Object.keys(module).sort()
    const room = (await import(join(entriesDir, entry.module!.replace(/\.js$/, '.ts')))) as object
    const wrapper = (await import(join(entriesDir, `${entry.file}.ts`))) as object
    expect(names(wrapper)).toEqual(names(room))
  })

  it("is README's table of entry points: every subpath and the peers its users install", () => {
    const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8')
    const [table] = tables(sections(readme).find((section) => section.heading === 'Entry points')!.body)
    const rows = table!.rows
      .filter((row) => row.import!.startsWith('web3-market-contract'))
      .map((row) => [row.import!, row['peers to install']!])
    const published = entries.filter(([subpath]) => subpath !== './package.json')
    const peersOf = (entry: ModuleEntry | FileEntry) => {
      const packages = 'file' in entry ? [...(entry.peers?.packages ?? []), ...(entry.userPeers ?? [])] : []
      return packages.length > 0 ? packages.join(' ') : 'none'
    }
    expect(rows.sort()).toEqual(published.map(([subpath, entry]) => [entryLabel(subpath), peersOf(entry)]).sort())
  })
})
