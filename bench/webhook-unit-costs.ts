// What one delivery costs on PostgreSQL, end to end: a log injected in a block → matched → queued → POSTed to a
// loopback receiver → its outcome written. N deliveries (default 20,000) over 100 listeners, each on its own
// token contract, in blocks of 50 logs, one engine with its default settings in a process of its own. Per
// delivery: the engine process's CPU (process.cpuUsage, every thread), the PostgreSQL server's CPU (its
// processes in /proc: postmaster, backends, WAL writer, checkpointer, autovacuum, and the backends that exited),
// the WAL it wrote (pg_current_wal_insert_lsn before and after, from a checkpoint), and the bytes its tables
// keep (pg_total_relation_size of every table, indexes and TOAST included, after VACUUM ANALYZE, before and
// after). The server runs with PostgreSQL's durable defaults (fsync, synchronous_commit, full_page_writes on),
// not the tests' fast settings. Writes its figures to bench/sizing/unit-costs.json for the sizing calculator
// (bench/sizing.ts). A unit cost has no baseline to divide by: the wall-clock rate is printed beside it.
// Run: npx tsx bench/webhook-unit-costs.ts [deliveries]   (starts a throwaway Debian PostgreSQL; needs root on Debian)
import { fork } from 'node:child_process'
import pg from 'pg'
import { openSql } from '../src/store/sql.js'
import { createWebhookEngine, type InjectedLog } from '../src/webhook/index.js'
import { transferSingleLog } from '../test/webhook/support/logs.js'
import { startPostgres } from '../test/support/postgres-server.js'
import { freshDatabase, keptBytes, walPosition, withClient } from './sizing/database-usage.js'
import { postmasterPid, serverCpuMicros } from './sizing/postgres-cpu.js'
import { measurement, writeUnitCosts } from './sizing/unit-costs.js'
import { startCountingReceiver } from './support/counting-receiver.js'

const LISTENERS = 100
const LOGS_PER_BLOCK = 50
const CHAIN_ID = 1
const PROJECT_ID = 1
const HOLDER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const DURABLE = { fsync: 'on', synchronous_commit: 'on', full_page_writes: 'on' }

/** Listener i's token contract. */
const contractOf = (i: number) => `0x${(0x1000 + i).toString(16).padStart(40, '0')}`

type Message = { ready: true } | { cpuMicros: number } | { delivered: number }

async function main() {
  const deliveries = Number(process.argv[2] ?? 20_000)
  // The check at the end reads each listener's report, which lists 1,000 deliveries at most.
  if (deliveries % (LISTENERS * LOGS_PER_BLOCK) !== 0 || deliveries > LISTENERS * 1_000)
    throw new Error(`deliveries: a multiple of ${LISTENERS * LOGS_PER_BLOCK}, at most ${LISTENERS * 1_000}`)
  const receiver = await startCountingReceiver()
  const target = receiver.url
  const postgres = await startPostgres(DURABLE)
  if (typeof postgres === 'string') throw new Error(`no PostgreSQL for the benchmark: ${postgres}`)
  try {
    const url = await freshDatabase(postgres.url, 'bench_unit_costs')
    const postmaster = await postmasterPid(url)
    const engine = fork(import.meta.filename, ['engine', url, target, String(deliveries)])
    const next = () => new Promise<Message>((resolve) => engine.once('message', (m) => resolve(m as Message)))
    await next() // the listeners are added and the engine is made, not started
    const keptBefore = await keptBytes(url)
    // Connected before the clock starts: a connection made later would fork a backend inside the measurement.
    const watcher = new pg.Client({ connectionString: url })
    await watcher.connect()
    await withClient(url, (client) => client.query('checkpoint'))
    const walBefore = await walPosition(url)
    const cpuBefore = serverCpuMicros(postmaster)
    const started = performance.now()
    engine.send('go')
    while (receiver.answered() < deliveries) await new Promise((resolve) => setTimeout(resolve, 20))
    // Answered is not yet recorded: wait for the outcomes (the due-rows index answers this cheaply).
    while ((await pending(watcher)) > 0) await new Promise((resolve) => setTimeout(resolve, 20))
    engine.send('stop')
    const { cpuMicros } = (await next()) as { cpuMicros: number }
    const elapsed = performance.now() - started
    const postgresCpu = serverCpuMicros(postmaster) - cpuBefore
    const wal = (await walPosition(url)) - walBefore
    await watcher.end()
    engine.send('count')
    const { delivered } = (await next()) as { delivered: number }
    if (delivered !== deliveries || receiver.answered() !== deliveries)
      throw new Error(`${receiver.answered()} answered and ${delivered} recorded as delivered, not ${deliveries}`)
    const kept = (await keptBytes(url)) - keptBefore
    const costs = {
      deliveries,
      listeners: LISTENERS,
      engineCpuMicros: cpuMicros / deliveries,
      postgresCpuMicros: postgresCpu / deliveries,
      walBytes: wal / deliveries,
      keptBytes: kept / deliveries,
      deliveriesPerSecond: deliveries / (elapsed / 1000),
    }
    const n = deliveries.toLocaleString('en')
    console.log(`| per delivery (${n} deliveries, ${LISTENERS} listeners, PostgreSQL durable defaults) | figure |`)
    console.log('|---|---:|')
    console.log(`| engine CPU | ${costs.engineCpuMicros.toFixed(0)} µs |`)
    console.log(`| PostgreSQL CPU | ${costs.postgresCpuMicros.toFixed(0)} µs |`)
    console.log(`| WAL written | ${costs.walBytes.toFixed(0)} B |`)
    console.log(`| bytes kept (tables, indexes, TOAST; after VACUUM ANALYZE) | ${costs.keptBytes.toFixed(0)} B |`)
    console.log(`| wall clock: deliveries per second | ${costs.deliveriesPerSecond.toFixed(0)} |`)
    writeUnitCosts({ delivery: { ...measurement(`npx tsx bench/webhook-unit-costs.ts ${deliveries}`), ...costs } })
    engine.send('exit')
  } finally {
    postgres.stop()
    receiver.close()
  }
}

/**
 * The engine's process: 100 listeners added and the blocks made (the logs' hashes are the benchmark's work, not the
 * engine's), then on 'go' started and fed the blocks; CPU counted until stopped.
 */
async function engineProcess(url: string, target: string, deliveries: number) {
  const sql = await openSql({ databaseUrl: url })
  const engine = await createWebhookEngine({ sql, allowPrivateTargets: true })
  const listeners: { id: string }[] = []
  for (let i = 0; i < LISTENERS; i++)
    listeners.push(
      await engine.addListener(
        PROJECT_ID,
        {
          url: target,
          filters: {
            contractAddresses: [contractOf(i)],
            events: ['TransferSingle(address indexed,address indexed,address indexed,uint256,uint256)'],
          },
        },
        { chainId: CHAIN_ID },
      ),
    )
  const block = (first: number): InjectedLog[] =>
    Array.from({ length: LOGS_PER_BLOCK }, (_, k) => {
      const n = first + k
      const { address, topics, data } = transferSingleLog(
        contractOf(n % LISTENERS),
        HOLDER,
        HOLDER,
        HOLDER,
        BigInt(n),
        1n,
      )
      return { address, topics, data }
    })
  const blocks = Array.from({ length: deliveries / LOGS_PER_BLOCK }, (_, i) => block(i * LOGS_PER_BLOCK))
  let cpuStarted: NodeJS.CpuUsage
  process.on('message', async (message) => {
    if (message === 'go') {
      cpuStarted = process.cpuUsage()
      await engine.start()
      for (const logs of blocks) await engine.injectBlock(CHAIN_ID, logs)
    } else if (message === 'stop') {
      await engine.stop()
      const cpu = process.cpuUsage(cpuStarted)
      process.send!({ cpuMicros: cpu.user + cpu.system })
    } else if (message === 'count') {
      let delivered = 0
      for (const listener of listeners) {
        const report = await engine.listDeliveries(PROJECT_ID, listener.id, 1_000)
        delivered += report.deliveries.filter((delivery) => delivery.state === 'delivered').length
      }
      process.send!({ delivered })
    } else {
      await sql.close()
      process.exit(0)
    }
  })
  process.send!({ ready: true })
}

async function pending(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ n: number }>(
    `select count(*)::int as n from webhook_outbox where state = 'pending'`,
  )
  return rows[0]!.n
}

if (process.argv[2] === 'engine') await engineProcess(process.argv[3]!, process.argv[4]!, Number(process.argv[5]))
else await main()
