/**
 * `npx tsx bench/server-soak.ts` — the local server in memory at a steady half of its capacity for 10 minutes:
 * first its capacity (GetFloorOrder, 100 connections, SOAK_PROBE_SECONDS, default 10), then a warm-up
 * (SOAK_WARMUP_SECONDS, default 60) and SOAK_SECONDS (default 600) at SOAK_SHARE (default 0.5) of it, in
 * windows of SOAK_WINDOW_SECONDS (default 60). Passes when RSS at the end is within 10% of RSS after the
 * warm-up and no window's p99 is more than twice the first window's; exits 1 otherwise.
 */
import autocannon from 'autocannon'
import { buildTargets, rssMiB } from './server-processes.js'

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback)
const probeSeconds = env('SOAK_PROBE_SECONDS', 10)
const warmupSeconds = env('SOAK_WARMUP_SECONDS', 60)
const soakSeconds = env('SOAK_SECONDS', 600)
const windowSeconds = env('SOAK_WINDOW_SECONDS', 60)
const share = env('SOAK_SHARE', 0.5)
const connections = 100
const heroes = '0x4e10000000000000000000000000000000000721'

interface Window {
  rps: number
  p99: number
  errors: number
  non2xx: number
  rssMiB: number
}

const startTarget = await buildTargets()
const target = await startTarget('local')
const pid = target.child.pid!

async function load(seconds: number, overallRate?: number): Promise<Window> {
  const result = await autocannon({
    url: `${target.url}/polygon/rpc/Marketplace/GetFloorOrder`,
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Access-Key': target.accessKey },
    body: JSON.stringify({ contractAddress: heroes }),
    connections,
    duration: seconds,
    ...(overallRate ? { overallRate } : {}),
  })
  return {
    rps: Math.round(result.requests.average),
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
    rssMiB: rssMiB(pid),
  }
}

try {
  const capacity = (await load(probeSeconds)).rps
  const rate = Math.round(capacity * share)
  const warm = await load(warmupSeconds, rate)
  const windows: Window[] = []
  for (let elapsed = 0; elapsed < soakSeconds; elapsed += windowSeconds) {
    windows.push(await load(Math.min(windowSeconds, soakSeconds - elapsed), rate))
    console.error(JSON.stringify(windows.at(-1)))
  }
  const last = windows.at(-1)!
  const rssGrowth = last.rssMiB / warm.rssMiB - 1
  const worstP99 = Math.max(...windows.map((w) => w.p99))
  const failures = windows.reduce((sum, w) => sum + w.errors + w.non2xx, 0)
  const steady = Math.abs(rssGrowth) <= 0.1 && worstP99 <= 2 * windows[0]!.p99 && failures === 0
  console.log(`# Local server soak

Command: \`npx tsx bench/server-soak.ts\` (in memory, GetFloorOrder, ${connections} connections; capacity probed for
${probeSeconds} s, then ${warmupSeconds} s of warm-up and ${soakSeconds} s at ${Math.round(share * 100)}% of it).

Capacity ${capacity} requests/s; held at ${rate} requests/s. RSS after warm-up ${warm.rssMiB} MiB, at the end
${last.rssMiB} MiB (${(rssGrowth * 100).toFixed(1)}%, limit ±10%); p99 per window (ms): ${windows.map((w) => w.p99).join(', ')}
(limit: twice the first); errors and non-2xx: ${failures}. ${steady ? 'Steady.' : '**Not steady.**'}

| window | requests/s | p99 ms | RSS MiB |
|---|---|---|---|
${windows.map((w, i) => `| ${i + 1} | ${w.rps} | ${w.p99} | ${w.rssMiB} |`).join('\n')}
`)
  process.exitCode = steady ? 0 : 1
} finally {
  target.child.kill('SIGTERM')
}
