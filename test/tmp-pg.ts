import { PGlite } from '@electric-sql/pglite'
import { dumpedStore } from './support/store-dump.js'
let t0 = performance.now()
const base = new PGlite({ loadDataDir: dumpedStore() }); await base.waitReady
console.log('base', (performance.now()-t0).toFixed(0))
for (let i = 0; i < 4; i++) {
  t0 = performance.now(); const c = process.cpuUsage()
  const db = await (base as any).clone(); await db.waitReady
  await db.query('create table t (x int)')
  console.log('clone', (performance.now()-t0).toFixed(0), 'cpu', (process.cpuUsage(c).user/1000).toFixed(0)); await db.close()
}
const r = await base.query("select count(*) from pg_tables where tablename='t'"); console.log(r.rows)
