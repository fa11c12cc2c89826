import { expect, it } from 'vitest'
import { quietMachine, type CpuTicks } from './quiet-machine.js'

/** A machine whose cores are busy `busy[i]` of window i's 100 ticks, read twice a window, then idle. */
function machine(busy: number[]): { ticks: () => CpuTicks; windows: () => number } {
  let reads = 0
  let busyTicks = 0
  return {
    ticks() {
      const window = Math.floor(reads / 2)
      if (reads % 2 === 1) busyTicks += busy[window] ?? 0
      reads++
      return { busy: busyTicks, total: Math.floor(reads / 2) * 100 }
    },
    windows: () => reads / 2,
  }
}

it('waits out the windows busier than its share and answers at the first quiet one', async () => {
  const loaded = machine([90, 60, 30, 10, 90])
  await quietMachine({ busyShare: 0.25, windowMs: 1, ticks: loaded.ticks })
  expect(loaded.windows()).toBe(4)
})

it('answers at once on a quiet machine, and after maxWaitMs on one that never quietens', async () => {
  const quiet = machine([])
  await quietMachine({ windowMs: 1, ticks: quiet.ticks })
  expect(quiet.windows()).toBe(1)
  const busy = machine(Array.from({ length: 10_000 }, () => 100))
  const waited = await quietMachine({ windowMs: 5, maxWaitMs: 50, ticks: busy.ticks })
  expect(waited).toBeGreaterThanOrEqual(40)
  expect(busy.windows()).toBeLessThan(100)
})
