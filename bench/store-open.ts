/**
 * Opening an embedded store: a fresh PGlite (initdb at every open, as every test store did before) against
 * one started from a dump of a freshly initdb'd store (`dataDirDump`, what the tests now do), in memory and
 * in a new data directory, alternated in one run.
 * Run: npx tsx bench/store-open.ts [rounds, default 3]
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { PGlite } from '@electric-sql/pglite'

const rounds = Number(process.argv[2] ?? 3)
const root = mkdtempSync(join(tmpdir(), 'bench-store-open-'))
const template = new PGlite()
await template.waitReady
const dump = await template.dumpDataDir('none')
await template.close()

async function openMs(options: ConstructorParameters<typeof PGlite>[0]): Promise<number> {
  const started = performance.now()
  const db = new PGlite(options)
  await db.waitReady
  await db.query('select 1')
  const ms = performance.now() - started
  await db.close()
  return ms
}

const variants = {
  'in memory, fresh (initdb)': () => openMs({}),
  'in memory, from the dump': () => openMs({ loadDataDir: dump }),
  'new data dir, fresh (initdb)': (i: number) => openMs({ dataDir: join(root, `fresh-${i}`) }),
  'new data dir, from the dump': (i: number) => openMs({ dataDir: join(root, `dump-${i}`), loadDataDir: dump }),
}
const times = new Map<string, number[]>(Object.keys(variants).map((name) => [name, []]))
try {
  for (let i = 0; i < rounds; i++)
    for (const [name, open] of Object.entries(variants)) times.get(name)!.push(await open(i))
} finally {
  rmSync(root, { recursive: true, force: true })
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
console.log(`| open (${rounds} rounds, alternated) | median ms | vs fresh |`)
console.log('|---|---:|---:|')
for (const [name, values] of times) {
  const fresh = median(times.get(name.replace('from the dump', 'fresh (initdb)'))!)
  console.log(`| ${name} | ${median(values).toFixed(0)} | ${(median(values) / fresh).toFixed(2)}× |`)
}
