/**
 * Per-call overhead of the post-processed client against the stock generated client and a bare fetch
 * of the same request (same URL, headers and body) to the same loopback server, in one run; then the
 * same three with a fetch answered in memory, which isolates the client's own CPU cost.
 * Run: npx tsx bench/client-overhead.ts [rounds] [callsPerRound]
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { Worker } from 'node:worker_threads'
import { Marketplace, WebrpcHeader, WebrpcHeaderValue } from '../gen/marketplace.gen.js'
import { schemaOf, webrpcGenSync } from '../scripts/pipeline/webrpc-gen.js'

type Fetch = typeof globalThis.fetch
type StockMarketplace = new (hostname: string, fetch: Fetch) => Marketplace

const rounds = Number(process.argv[2] ?? 40)
const callsPerRound = Number(process.argv[3] ?? 100)
const accessKey = 'bench-access-key'
const args = { contractAddress: '0x0000000000000000000000000000000000000001' }
const responseBody = '{"count":42}'

/** The loopback server runs in a worker thread, so its work is the same for every variant and off the caller's event loop. */
function startServer(): Promise<{ origin: string; stop: () => Promise<number> }> {
  const worker = new Worker(
    `const { createServer } = require('node:http')
     const { parentPort } = require('node:worker_threads')
     const server = createServer((req, res) => {
       req.resume()
       req.on('end', () => res.writeHead(200, { 'Content-Type': 'application/json' }).end('${responseBody}'))
     })
     server.listen(0, '127.0.0.1', () => parentPort.postMessage(server.address().port))`,
    { eval: true },
  )
  return new Promise((resolve) =>
    worker.once('message', (port: number) =>
      resolve({ origin: `http://127.0.0.1:${port}`, stop: () => worker.terminate() }),
    ),
  )
}

/** The pinned generator's client without any pass, generated into a temporary folder (never into gen/). */
async function loadStockMarketplace(dir: string): Promise<StockMarketplace> {
  const text = webrpcGenSync(schemaOf('marketplace'), 'typescript')
  const file = join(dir, 'marketplace.stock.ts')
  writeFileSync(file, text)
  return (await import(pathToFileURL(file).href)).Marketplace
}

function variants(origin: string, fetch: Fetch, Stock: StockMarketplace): Record<string, () => Promise<unknown>> {
  const processed = new Marketplace({ network: 'polygon', accessKey, url: `${origin}/{network}/`, fetch })
  const stock = new Stock(`${origin}/polygon`, fetch)
  const url = `${origin}/polygon/rpc/Marketplace/GetCountOfAllCollectibles`
  const headers = { 'X-Access-Key': accessKey, 'Content-Type': 'application/json', [WebrpcHeader]: WebrpcHeaderValue }
  return {
    'bare fetch': () => fetch(url, { method: 'POST', headers, body: JSON.stringify(args) }).then((res) => res.json()),
    'stock client': () => stock.getCountOfAllCollectibles(args, { 'X-Access-Key': accessKey }),
    'post-processed client': () => processed.getCountOfAllCollectibles(args),
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

/** Runs the variants interleaved call by call and prints a markdown table of medians. */
async function compare(title: string, calls: Record<string, () => Promise<unknown>>): Promise<void> {
  const names = Object.keys(calls)
  const samples = new Map(names.map((name) => [name, [] as number[]]))
  const roundMedians = new Map(names.map((name) => [name, [] as number[]]))
  for (const name of names) for (let i = 0; i < 300; i++) await calls[name]!()
  for (let round = 0; round < rounds; round++) {
    const times = new Map(names.map((name) => [name, [] as number[]]))
    // Call by call, in an order rotated each time, so load from other processes falls on every variant alike.
    for (let i = 0; i < callsPerRound; i++) {
      for (let v = 0; v < names.length; v++) {
        const name = names[(v + i) % names.length]!
        const started = performance.now()
        await calls[name]!()
        times.get(name)!.push(performance.now() - started)
      }
    }
    for (const name of names) {
      samples.get(name)!.push(...times.get(name)!)
      roundMedians.get(name)!.push(median(times.get(name)!))
    }
  }
  const bare = median(samples.get('bare fetch')!)
  // The machine is shared: per-round ratios resist load changing between rounds.
  const pairedRatio = (name: string) =>
    median(roundMedians.get(name)!.map((m, round) => m / roundMedians.get('bare fetch')![round]!))
  console.log(`\n${title}: ${rounds} rounds × ${callsPerRound} calls per variant, interleaved call by call\n`)
  console.log(
    '| variant | median µs/call | − bare fetch µs | × bare fetch | × bare fetch, median of per-round ratios |',
  )
  console.log('|---|---:|---:|---:|---:|')
  for (const name of names) {
    const m = median(samples.get(name)!)
    const cells = [
      (m * 1000).toFixed(1),
      ((m - bare) * 1000).toFixed(1),
      (m / bare).toFixed(3),
      pairedRatio(name).toFixed(3),
    ]
    console.log(`| ${name} | ${cells.join(' | ')} |`)
  }
}

async function main() {
  const server = await startServer()
  const dir = mkdtempSync(join(tmpdir(), 'bench-stock-'))
  try {
    const Stock = await loadStockMarketplace(dir)
    await compare('Loopback HTTP (127.0.0.1)', variants(server.origin, globalThis.fetch, Stock))
    const inMemory: Fetch = async () =>
      new Response(responseBody, { status: 200, headers: { 'Content-Type': 'application/json' } })
    await compare('Fetch answered in memory (client CPU cost only)', variants('http://in-memory', inMemory, Stock))
  } finally {
    rmSync(dir, { recursive: true, force: true })
    await server.stop()
  }
}

await main()
