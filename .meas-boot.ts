import { PGlite } from '@electric-sql/pglite'
import { performance } from 'node:perf_hooks'
import { openSql } from '/work/wt/testsuite/src/store/sql.ts'
import { migrate } from '/work/wt/testsuite/src/local/store/schema.ts'
import { loadFixtures } from '/work/wt/testsuite/src/local/store/seed.ts'
import { networkTable } from '/work/wt/testsuite/src/local/networks.ts'
import { sampleData } from '/work/wt/testsuite/src/local/sample-data.ts'
import { startLocalServer } from '/work/wt/testsuite/src/local/server.ts'
const t = () => performance.now()
let a = t()
const sql = await openSql(); const boot = t() - a; a = t()
await migrate(sql); const mig = t() - a; a = t()
await loadFixtures(sql, networkTable(), sampleData); const seed = t() - a; a = t()
console.log({ boot, mig, seed })
// dump
const db = new PGlite(); await db.waitReady
await migrate({ query: async (q, p) => ({ rows: (await db.query(q, p)).rows }) } as any)
a = t(); const dump = await db.dumpDataDir('none'); console.log('dump', t() - a, dump.size)
a = t(); const db2 = new PGlite({ loadDataDir: dump }); await db2.waitReady; console.log('load', t() - a)
a = t(); const db3 = new PGlite(); await db3.waitReady; console.log('plain boot 2', t() - a)
a = t(); const s = await startLocalServer({ port: 0 }); console.log('startLocalServer', t() - a); await s.close()
a = t(); const s2 = await startLocalServer({ port: 0 }); console.log('startLocalServer 2', t() - a); await s2.close()
