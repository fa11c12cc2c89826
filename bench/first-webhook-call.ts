/**
 * A person's first webhook call on a new local server: `npm start` in memory with a new, empty home directory,
 * its credentials line's time and the process's peak RSS then, and a first AddWebhookListener sent at once after
 * the line and, in another fresh process, 3 s after it; then a later start of one kept home (its store opened from
 * the template the home's first start kept), its call sent at once. Each run is a fresh process; with a checkout of
 * earlier code, the two alternate run by run (its `npm start`, started the same way), so load falls on both alike.
 * Run: npx tsx bench/first-webhook-call.ts [runs, default 5] [checkout of the code before]
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { firstWebhookCall, type FirstWebhookCall } from '../test/local/first-webhook-call.js'

const runs = Number(process.argv[2] ?? 5)
const before = process.argv[3]
const trees = { now: undefined, ...(before ? { before } : {}) } as Record<string, string | undefined>
const waits = { 'at once': 0, '3 s after the line': 3000 }

// One kept home per checkout, its template made by a first start not counted.
const homes = new Map<string, string>()
for (const [tree, root] of Object.entries(trees)) {
  const home = mkdtempSync(join(tmpdir(), 'kept-home-'))
  await firstWebhookCall(0, root, home)
  homes.set(tree, home)
}

const results = new Map<string, FirstWebhookCall[]>()
const record = (key: string, result: FirstWebhookCall) => results.set(key, [...(results.get(key) ?? []), result])
for (let run = 0; run < runs; run++)
  for (const [tree, root] of Object.entries(trees)) {
    for (const [wait, waitMs] of Object.entries(waits))
      record(`${tree}, fresh home, ${wait}`, await firstWebhookCall(waitMs, root))
    record(`${tree}, later start, at once`, await firstWebhookCall(0, root, homes.get(tree)))
  }
for (const home of homes.values()) rmSync(home, { recursive: true, force: true })

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
const figure = (values: number[]) =>
  `${median(values).toFixed(0)} (${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)})`
console.log(`${new Date().toISOString()}: ${runs} fresh processes each, medians (min–max)`)
console.log(
  '| code, home, call sent | line ms | peak RSS at the line MiB | first AddWebhookListener ms | peak RSS after it MiB |',
)
console.log('|---|---:|---:|---:|---:|')
for (const [key, records] of results)
  console.log(
    `| ${key} | ${figure(records.map((r) => r.lineMs))} | ${figure(records.map((r) => r.peakRssAtLineMiB))} | ${figure(records.map((r) => r.callMs))} | ${figure(records.map((r) => r.peakRssMiB))} |`,
  )
