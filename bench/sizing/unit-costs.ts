import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { join } from 'node:path'

/** Where the sizing benchmarks write what they measured and the calculator (bench/sizing.ts) reads it. */
export const unitCostsFile = join(import.meta.dirname, 'unit-costs.json')

/** The machine and run a figure comes from, so a table made from it says what it stands on. */
export interface Measurement {
  command: string
  measuredAt: string
  machine: string
}

/** What one delivery costs, end to end: injected log → matched → queued → delivered → outcome written. */
export interface DeliveryCosts extends Measurement {
  deliveries: number
  listeners: number
  /** CPU of the engine's process (every thread), per delivery. */
  engineCpuMicros: number
  /** CPU of the PostgreSQL server's processes (postmaster, backends, WAL writer, checkpointer, autovacuum), per delivery. */
  postgresCpuMicros: number
  walBytes: number
  /** Growth of the engine's tables (heap, indexes, TOAST) after VACUUM ANALYZE, per delivery. */
  keptBytes: number
  deliveriesPerSecond: number
}

/** One engine with many listeners on one chain, loaded from the database; the baseline in the same run. */
export interface ListenerCosts extends Measurement {
  listeners: number
  baselineListeners: number
  /** createWebhookEngine (tables checked, listeners loaded into the index) and start(), in milliseconds. */
  readyMs: number
  baselineReadyMs: number
  /** Resident memory after ready and a full garbage collection; the peak during the load. */
  rssBytes: number
  baselineRssBytes: number
  peakRssBytes: number
  baselinePeakRssBytes: number
  /** Logs through the engine's sink per CPU-second of its process (median pass); the sink stores nothing. */
  logsPerCpuSecond: number
  baselineLogsPerCpuSecond: number
  /** The same for logs on contracts no listener watches: the matching cost of most of a chain's logs. */
  unwatchedLogsPerCpuSecond: number
  baselineUnwatchedLogsPerCpuSecond: number
  /** Deliveries the sink made of each log, on average (half the logs are on a watched contract). */
  matchesPerLog: number
}

export interface UnitCosts {
  delivery?: DeliveryCosts
  listeners?: ListenerCosts
}

export function readUnitCosts(file = unitCostsFile): UnitCosts {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as UnitCosts) : {}
}

/** Replaces one benchmark's part of the file, keeping the other's. */
export function writeUnitCosts(part: UnitCosts, file = unitCostsFile): void {
  writeFileSync(file, `${JSON.stringify({ ...readUnitCosts(file), ...part }, null, 2)}\n`)
}

export function measurement(command: string): Measurement {
  const cores = cpus()
  return {
    command,
    measuredAt: new Date().toISOString().slice(0, 16).replace('T', ' '),
    machine: `${cores.length} × ${cores[0]?.model.trim() ?? 'unknown CPU'}, Node ${process.version}, load ${loadavg()[0]!.toFixed(1)} at the start`,
  }
}
