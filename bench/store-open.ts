/**
 * Opening an embedded store, alternated in one run, each open's wall time and the process's CPU:
 * - a fresh PGlite (initdb at every open, as every test store did before) against one started from a dump of a
 *   freshly initdb'd store (PGlite's `loadDataDir`, `dataDirDump` here), in memory and in a new data directory;
 * - in memory, from the local server's template (the engine's tables made, kept in a file): opened as the local
 *   server opens it (openSql with its templateFile: the file read, a file system filled from it) against PGlite
 *   loading the same file's bytes as a dump.
 * Run: npx tsx bench/store-open.ts [rounds, default 3]
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { PGlite } from '@electric-sql/pglite'
import { openSql } from '../src/store/sql.js'
import { prepareWebhookTables } from '../src/webhook/engine/store/store-schema.js'

const rounds = Number(process.argv[2] ?? 3)
const root = mkdtempSync(join(tmpdir(), 'bench-store-open-'))
const fresh = new PGlite()
await fresh.waitReady
const dump = await fresh.dumpDataDir('none')
await fresh.close()
const templateFile = join(root, 'template.tar')
await (await openSql({ dataDirDump: dump, templateFile, templateSetup: prepareWebhookTables })).close()
const template = new Blob([readFileSync(templateFile)])

interface Open {
  ms: number
  cpuMs: number
}

async function measured(open: () => Promise<{ query(text: string): Promise<unknown>; close(): Promise<void> }>) {
  const cpu = process.cpuUsage()
  const started = performance.now()
  const db = await open()
  await db.query('select 1')
  const ms = performance.now() - started
  const { user, system } = process.cpuUsage(cpu)
  await db.close()
  return { ms, cpuMs: (user + system) / 1000 }
}

const pglite = (options: ConstructorParameters<typeof PGlite>[0]) => async () => {
  const db = new PGlite(options)
  await db.waitReady
  return db
}

const variants: Record<string, { open: (round: number) => Promise<Open>; against?: string }> = {
  'in memory, fresh (initdb)': { open: () => measured(pglite({})) },
  'in memory, from the dump': {
    open: () => measured(pglite({ loadDataDir: dump })),
    against: 'in memory, fresh (initdb)',
  },
  'new data dir, fresh (initdb)': { open: (i) => measured(pglite({ dataDir: join(root, `fresh-${i}`) })) },
  'new data dir, from the dump': {
    open: (i) => measured(pglite({ dataDir: join(root, `dump-${i}`), loadDataDir: dump })),
    against: 'new data dir, fresh (initdb)',
  },
  "in memory, the template's bytes loaded by PGlite": { open: () => measured(pglite({ loadDataDir: template })) },
  'in memory, the template opened as the local server does': {
    open: () => measured(() => openSql({ templateFile })),
    against: "in memory, the template's bytes loaded by PGlite",
  },
}
const opens = new Map<string, Open[]>(Object.keys(variants).map((name) => [name, []]))
try {
  for (let i = 0; i < rounds; i++)
    for (const [name, { open }] of Object.entries(variants)) opens.get(name)!.push(await open(i))
} finally {
  rmSync(root, { recursive: true, force: true })
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
const medians = (name: string) => ({
  ms: median(opens.get(name)!.map((open) => open.ms)),
  cpuMs: median(opens.get(name)!.map((open) => open.cpuMs)),
})
console.log(`| open (${rounds} rounds, alternated) | median ms | median CPU ms | ÷ baseline (wall, CPU) | baseline |`)
console.log('|---|---:|---:|---:|---|')
for (const [name, { against }] of Object.entries(variants)) {
  const { ms, cpuMs } = medians(name)
  const base = against ? medians(against) : undefined
  const ratio = base ? `${(ms / base.ms).toFixed(2)}×, ${(cpuMs / base.cpuMs).toFixed(2)}×` : ''
  console.log(`| ${name} | ${ms.toFixed(0)} | ${cpuMs.toFixed(0)} | ${ratio} | ${against ?? ''} |`)
}
