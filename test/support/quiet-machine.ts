import { existsSync, readFileSync } from 'node:fs'
import { setTimeout as sleep } from 'node:timers/promises'

/** CPU time in clock ticks: busy, and in all. */
export interface CpuTicks {
  busy: number
  total: number
}

/** The CPU time of every core so far (/proc/stat's first line). */
function cpuTicks(): CpuTicks {
  const [user, nice, system, idle, iowait, irq, softirq, steal] = readFileSync('/proc/stat', 'utf8')
    .split('\n', 1)[0]!
    .trim()
    .split(/\s+/)
    .slice(1, 9)
    .map(Number) as [number, number, number, number, number, number, number, number]
  const busy = user + nice + system + irq + softirq + steal
  return { busy, total: busy + idle + iowait }
}

/**
 * Waits until the machine's cores were busy less than `busyShare` of one `windowMs` (at most `maxWaitMs`), and
 * answers how long it waited. A bound on a process's start is about that process: measured right after files that
 * loaded the machine (a PostgreSQL server still vacuuming what the timed files wrote, their processes ending), it
 * measured them too. No wait where /proc/stat is missing (not Linux); `ticks` reads the machine's CPU time.
 */
export async function quietMachine({
  busyShare = 0.25,
  windowMs = 500,
  maxWaitMs = 30_000,
  ticks = existsSync('/proc/stat') ? cpuTicks : undefined,
}: { busyShare?: number; windowMs?: number; maxWaitMs?: number; ticks?: () => CpuTicks } = {}): Promise<number> {
  if (!ticks) return 0
  const started = performance.now()
  for (;;) {
    const before = ticks()
    await sleep(windowMs)
    const after = ticks()
    const share = (after.busy - before.busy) / Math.max(1, after.total - before.total)
    const waited = performance.now() - started
    if (share < busyShare || waited >= maxWaitMs) return waited - windowMs
  }
}
