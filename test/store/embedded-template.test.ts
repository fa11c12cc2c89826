import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { PGlite } from '@electric-sql/pglite'
import { afterAll, expect, it } from 'vitest'
import { readTemplate, readTemplateArchive } from '../../src/store/embedded-template.js'
import { openSql, type Sql } from '../../src/store/sql.js'
import { dumpedStore, emptyDumpedStore } from '../support/store-dump.js'
import { waitUntil } from '../webhook/support/receiver-server.js'

const folder = mkdtempSync(join(tmpdir(), 'embedded-template-'))
afterAll(() => rmSync(folder, { recursive: true, force: true }))

const tableExists = async (sql: Sql, name: string) =>
  (await sql.query<{ found: string | null }>('select to_regclass($1)::text as found', [name])).rows[0]!.found !== null

/** A tar archive (ustar) of one file. */
function tarOf(name: string, text: string): Buffer {
  const header = Buffer.alloc(512)
  header.write(name, 0, 'latin1')
  header.write('0000644\0', 100, 'latin1')
  header.write('0000000\0', 108, 'latin1')
  header.write('0000000\0', 116, 'latin1')
  header.write(`${Buffer.byteLength(text).toString(8).padStart(11, '0')}\0`, 124, 'latin1')
  header.write('00000000000\0', 136, 'latin1')
  header.write('0', 156, 'latin1')
  header.write('ustar\u000000', 257, 'latin1')
  header.write('        ', 148, 'latin1')
  let sum = 0
  for (const byte of header) sum += byte
  header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'latin1')
  const body = Buffer.alloc(Math.ceil(Buffer.byteLength(text) / 512) * 512)
  body.write(text, 'latin1')
  return Buffer.concat([header, body, Buffer.alloc(1024)])
}

const databases = async (sql: Sql) =>
  (await sql.query<{ datname: string }>('select datname from pg_database order by 1')).rows.map((row) => row.datname)

/** `dump` with a template0 as initdb makes it (the run's dumps are templates, made without one). */
async function withTemplate0(dump: Blob): Promise<Blob> {
  const db = new PGlite({ loadDataDir: dump })
  try {
    await db.exec('create database template0 template template1')
    await db.exec(`update pg_database set datistemplate = true, datallowconn = false where datname = 'template0'`)
    return await db.dumpDataDir('none')
  } finally {
    await db.close()
  }
}

/** A tar of a data directory: the template as kept, not the bytes written over it. */
const holdsTemplate = (file: string) => {
  try {
    return readFileSync(file).length > 1_000_000
  } catch {
    return false
  }
}

// A new store here starts from the run's dump (dataDirDump), not initdb: the first start of
// test/local/first-webhook-call.alone.test.ts runs initdb and keeps the template its later start opens.
it('keeps the new store with its setup done, before anything else is written; close() waits until it is kept', async () => {
  const file = join(folder, 'set-up.tar')
  const logged: string[] = []
  const first = await openSql({
    dataDirDump: await withTemplate0(emptyDumpedStore()),
    templateFile: file,
    templateSetup: (sql) => sql.query('create table made_by_setup (id int)'),
    log: (message) => logged.push(message),
  })
  await first.query('create table written_after_setup (id int)')
  await first.close()
  expect(holdsTemplate(file)).toBe(true)
  const later = await openSql({ templateFile: file, log: (message) => logged.push(message) })
  try {
    expect(await tableExists(later, 'made_by_setup')).toBe(true)
    expect(await tableExists(later, 'written_after_setup')).toBe(false)
    expect(await databases(later)).toEqual(['postgres', 'template1'])
    expect(logged).toEqual([])
  } finally {
    await later.close()
  }
}, 60_000)

it("a partial template a process that ended left is removed when a template is kept; a running one's is not", async () => {
  const file = join(folder, 'partials.tar')
  const ended = spawnSync(process.execPath, ['-e', '']).pid
  writeFileSync(`${file}.${ended}.partial`, 'half a template')
  writeFileSync(`${file}.${process.ppid}.partial`, 'a template being written')
  const sql = await openSql({ dataDirDump: emptyDumpedStore(), templateFile: file })
  await sql.close()
  expect(holdsTemplate(file)).toBe(true)
  expect(existsSync(`${file}.${ended}.partial`)).toBe(false)
  expect(existsSync(`${file}.${process.ppid}.partial`)).toBe(true)
}, 60_000)

it('a later store opens from the template kept', async () => {
  const file = join(folder, 'marked.tar')
  // The run's dump of a fresh store (test/support/store-dump.ts) stands for what an earlier initdb kept.
  const marked = new PGlite({ loadDataDir: dumpedStore() })
  await marked.exec('create table template_marker (id int)')
  writeFileSync(file, new Uint8Array(await (await marked.dumpDataDir('none')).arrayBuffer()))
  await marked.close()
  const logged: string[] = []
  const later = await openSql({ templateFile: file, log: (message) => logged.push(message) })
  try {
    expect(await tableExists(later, 'template_marker')).toBe(true)
    expect(logged).toEqual([])
  } finally {
    await later.close()
  }
}, 60_000)

it('stores opened from one template in one process are each their own: what one writes, the next never sees', async () => {
  const template = dumpedStore()
  const first = await openSql({ dataDirDump: template })
  try {
    // Enough new catalog rows to grow pg_class and pg_type, which the next store reads as it opens.
    for (let i = 0; i < 60; i++) await first.query(`create table written_by_first_${i} (id int, name text)`)
  } finally {
    await first.close()
  }
  const next = await openSql({ dataDirDump: template })
  try {
    expect(await tableExists(next, 'written_by_first_0')).toBe(false)
    const { rows } = await next.query<{ n: number }>(
      "select count(*)::int as n from pg_class where relname like 'written%'",
    )
    expect(rows).toEqual([{ n: 0 }])
  } finally {
    await next.close()
  }
}, 60_000)

it('a template that does not open is discarded: the store is made anew, and its template kept again', async () => {
  const file = join(folder, 'not-a-data-directory.tar')
  writeFileSync(file, tarOf('pgdata/PG_VERSION', 'not a version\n'))
  const logged: string[] = []
  const sql = await openSql({
    dataDirDump: emptyDumpedStore(),
    templateFile: file,
    log: (message) => logged.push(message),
  })
  try {
    expect(await tableExists(sql, 'pg_class')).toBe(true)
    await waitUntil(() => holdsTemplate(file), 'a new template is kept')
    expect(logged).toEqual(["the embedded store's template did not open; making a new one"])
  } finally {
    await sql.close()
  }
}, 60_000)

it("a file that is not a tar is no template (a gzip'd one neither): PGlite never reads it, and why is logged", () => {
  for (const [name, bytes] of [
    ['not-a-tar.tar', Buffer.from('not a tar of a data directory')],
    ['gzipped.tar', gzipSync(tarOf('pgdata/PG_VERSION', '17\n'))],
  ] as const) {
    const file = join(folder, name)
    writeFileSync(file, bytes)
    const logged: string[] = []
    expect(readTemplate(file, (message) => logged.push(message))).toBeUndefined()
    expect(logged).toEqual([`could not read the embedded store's template ${file}`])
  }
})

it("a template read is the file's bytes, each arrayBuffer() its own copy", async () => {
  const file = join(folder, 'bytes.tar')
  writeFileSync(file, tarOf('PG_VERSION', '17\n'))
  const template = readTemplate(file, () => undefined)!
  const first = new Uint8Array(await template.arrayBuffer())
  expect(Buffer.from(first).equals(readFileSync(file))).toBe(true)
  expect(Buffer.from(await template.bytes()).equals(readFileSync(file))).toBe(true)
  first.fill(0)
  expect(Buffer.from(await template.arrayBuffer()).equals(readFileSync(file))).toBe(true)
})

it("a template's archive read from a small file is bytes of its own, not a view into Buffer's shared pool", () => {
  // A store opened from the archive writes into it (src/store/template-fs.ts).
  const file = join(folder, 'small.tar')
  writeFileSync(file, tarOf('PG_VERSION', '17\n'))
  const archive = readTemplateArchive(file, () => undefined)!
  expect(archive.buffer.byteLength).toBe(archive.byteLength)
  expect(Buffer.from(archive).equals(readFileSync(file))).toBe(true)
})
