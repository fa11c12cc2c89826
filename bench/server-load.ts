/**
 * `npx tsx bench/server-load.ts` — many connections at once, new ones opening throughout: every target in
 * its own fresh process, autocannon on loopback. A request unanswered after 10 s counts as a client timeout.
 * Targets: the local server in memory (GetFloorOrder), the local server with DATA_DIR (GetFloorOrder), the
 * host with a trivial Metadata stub and a bare node:http handler (TokenCollectionFilters).
 * LOAD_SECONDS (default 30), LOAD_CONNECTIONS (default 1000), LOAD_RECONNECT_RATE (requests per connection before
 * it reopens, default 20), LOAD_TARGETS (local,local-data,host,bare; default all). SERVER_TRACE=1 makes each
 * server print what it accepted and answered (bench/server-targets.ts).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'
import { buildTargets, type Target } from './server-processes.js'

const seconds = Number(process.env.LOAD_SECONDS ?? 30)
const connections = Number(process.env.LOAD_CONNECTIONS ?? 1000)
const timeoutSeconds = 10
// Each connection closes and opens anew after this many requests: connections keep arriving during the run.
const reconnectRate = Number(process.env.LOAD_RECONNECT_RATE ?? 20)
const heroes = '0x4e10000000000000000000000000000000000721'

interface LoadTarget {
  name: string
  kind: string
  path: string
  body: unknown
  dataDir?: boolean
}

const floorOrder = { path: '/polygon/rpc/Marketplace/GetFloorOrder', body: { contractAddress: heroes } }
const filters = { path: '/rpc/Metadata/TokenCollectionFilters', body: { chainId: '137', contractAddress: heroes } }
const allTargets: LoadTarget[] = [
  { name: 'local server in memory, GetFloorOrder', kind: 'local', ...floorOrder },
  { name: 'local server with DATA_DIR, GetFloorOrder', kind: 'local', dataDir: true, ...floorOrder },
  { name: 'host + Metadata stub, trivial handler', kind: 'host', ...filters },
  { name: 'bare node:http JSON handler', kind: 'bare', ...filters },
]
const chosen = process.env.LOAD_TARGETS?.split(',')
const targets = chosen ? allTargets.filter((t) => chosen.includes(t.kind + (t.dataDir ? '-data' : ''))) : allTargets

/** The kernel's count of connections dropped because a listen queue was full (this network namespace, all processes). */
function listenOverflows(): number {
  const lines = readFileSync('/proc/net/netstat', 'utf8').split('\n')
  const names = lines.find((l) => l.startsWith('TcpExt:'))!.split(' ')
  const values = lines.filter((l) => l.startsWith('TcpExt:'))[1]!.split(' ')
  return Number(values[names.indexOf('ListenOverflows')])
}

interface Figures {
  rps: number
  p99: number
  timeouts: number
  errors: number
  non2xx: number
  listenOverflows: number
}

async function run(target: Target, load: LoadTarget): Promise<Figures> {
  const overflowsBefore = listenOverflows()
  const result = await autocannon({
    url: target.url + load.path,
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Access-Key': target.accessKey },
    body: JSON.stringify(load.body),
    connections,
    duration: seconds,
    timeout: timeoutSeconds,
    reconnectRate,
  })
  return {
    rps: Math.round(result.requests.average),
    p99: result.latency.p99,
    timeouts: result.timeouts,
    errors: result.errors - result.timeouts,
    non2xx: result.non2xx,
    listenOverflows: listenOverflows() - overflowsBefore,
  }
}

const startTarget = await buildTargets()
const rows: string[] = []
for (const load of targets) {
  const dataDir = load.dataDir ? mkdtempSync(join(tmpdir(), 'server-load-')) : undefined
  const target = await startTarget(load.kind, { env: { DATA_DIR: dataDir ?? '' } })
  try {
    const f = await run(target, load)
    rows.push(
      `| ${load.name} | ${f.rps} | ${f.p99} | ${f.timeouts} | ${f.errors} | ${f.non2xx} | ${f.listenOverflows} |`,
    )
    console.error(rows.at(-1))
  } finally {
    target.child.kill('SIGTERM')
    await new Promise((resolve) => target.child.once('exit', resolve))
    if (dataDir) rmSync(dataDir, { recursive: true, force: true })
  }
}

console.log(`# Server under many connections

Command: \`npx tsx bench/server-load.ts\` (${connections} connections for ${seconds} s per target, each connection
reopened every ${reconnectRate} requests, client timeout ${timeoutSeconds} s; autocannon on loopback, each server a fresh process).

| target | requests/s | p99 ms | client timeouts | other errors | non-2xx | listen queue overflows (kernel, whole machine) |
|---|---|---|---|---|---|---|
${rows.join('\n')}
`)
