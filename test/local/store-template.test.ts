import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { tidyUserTemplates, UNUSED_TEMPLATE_KEPT_MS } from '../../src/local/store-template.js'

const DAY_MS = 24 * 60 * 60 * 1000
const folders: string[] = []
afterEach(() => folders.splice(0).forEach((folder) => rmSync(folder, { recursive: true, force: true })))

/** A cache folder holding `files`, each last modified `ageMs` before `now`. */
function cacheFolder(now: Date, files: Record<string, number>): string {
  const folder = join(mkdtempSync(join(tmpdir(), 'template-cache-')), 'web3-market-contract')
  folders.push(folder)
  mkdirSync(folder)
  for (const [name, ageMs] of Object.entries(files)) {
    writeFileSync(join(folder, name), 'x')
    const at = new Date(now.getTime() - ageMs)
    utimesSync(join(folder, name), at, at)
  }
  return folder
}

it("removes the templates no start used for 30 days, keeps the others and this start's, and marks it used now", () => {
  const now = new Date('2026-11-29T12:00:00Z')
  const current = 'pglite-0.5.16-c5f1cc1d540114b1-in-memory.tar'
  const folder = cacheFolder(now, {
    [current]: 90 * DAY_MS,
    'pglite-0.5.15-0123456789abcdef-in-memory.tar': UNUSED_TEMPLATE_KEPT_MS + DAY_MS,
    'pglite-0.5.16-c5f1cc1d540114b1.tar.gz': 45 * DAY_MS, // an earlier way of keeping one
    'pglite-0.5.17-c5f1cc1d540114b1-in-memory.tar': UNUSED_TEMPLATE_KEPT_MS - DAY_MS,
    'pglite-0.5.16-c5f1cc1d540114b1-in-memory.tar.4242.partial': 90 * DAY_MS, // another process's write
    'notes.txt': 90 * DAY_MS,
  })
  const logged: string[] = []
  tidyUserTemplates(join(folder, current), (message) => logged.push(message), now)
  expect(readdirSync(folder).sort()).toEqual([
    'notes.txt',
    current,
    'pglite-0.5.16-c5f1cc1d540114b1-in-memory.tar.4242.partial',
    'pglite-0.5.17-c5f1cc1d540114b1-in-memory.tar',
  ])
  expect(statSync(join(folder, current)).mtimeMs).toBe(now.getTime())
  expect(logged).toEqual([])
})

it('does nothing before the first start has made the folder or its template', () => {
  const folder = join(mkdtempSync(join(tmpdir(), 'template-cache-')), 'web3-market-contract')
  folders.push(folder)
  expect(() => tidyUserTemplates(join(folder, 'pglite-0.5.16-in-memory.tar'), () => undefined)).not.toThrow()
  const made = cacheFolder(new Date(), { 'pglite-0.5.15-in-memory.tar': DAY_MS })
  tidyUserTemplates(join(made, 'pglite-0.5.16-in-memory.tar'), () => undefined)
  expect(readdirSync(made)).toEqual(['pglite-0.5.15-in-memory.tar'])
})
