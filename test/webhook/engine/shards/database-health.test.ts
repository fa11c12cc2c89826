import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { DatabaseHealth } from '../../../../src/webhook/engine/shards/database-health.js'

/**
 * When a database counts as down: after two failed checks in a row, never after one (one slow answer under load
 * is not an outage), and up again at the first check that succeeds. The checks' outcomes are the test's, and its
 * clock is vitest's fake one, so each check runs when the test says.
 */
const INTERVAL_MS = 1_000

const started: DatabaseHealth[] = []
beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  for (const health of started.splice(0)) health.stop()
  vi.useRealTimers()
})

/** A health, started, whose checks fail while `answering` is false; what it reported, in order. */
function watched() {
  const state = { answering: true, checks: 0, reports: [] as string[] }
  const health = new DatabaseHealth({
    check: async () => {
      state.checks++
      if (!state.answering) throw new Error('no answer')
    },
    intervalMs: INTERVAL_MS,
    onDown: () => state.reports.push('down'),
    onUp: () => state.reports.push('up'),
  })
  health.start()
  started.push(health)
  /** Lets the next check run and settle. */
  const nextCheck = async () => {
    const before = state.checks
    await vi.advanceTimersByTimeAsync(INTERVAL_MS)
    expect(state.checks).toBe(before + 1)
  }
  return { health, state, nextCheck }
}

test('one failed check leaves the database up; the second in a row marks it down, once', async () => {
  const { health, state, nextCheck } = watched()
  state.answering = false
  await nextCheck()
  expect(health.up).toBe(true)
  expect(state.reports).toEqual([])
  await nextCheck()
  expect(health.up).toBe(false)
  expect(state.reports).toEqual(['down'])
  await nextCheck()
  expect(state.reports).toEqual(['down'])
})

test('a check that succeeds between two failures starts the count again', async () => {
  const { health, state, nextCheck } = watched()
  for (const answering of [false, true, false]) {
    state.answering = answering
    await nextCheck()
    expect(health.up).toBe(true)
  }
  expect(state.reports).toEqual([])
})

test('a database down is up again at the first check that succeeds', async () => {
  const { health, state, nextCheck } = watched()
  state.answering = false
  await nextCheck()
  await nextCheck()
  expect(health.up).toBe(false)
  state.answering = true
  await nextCheck()
  expect(health.up).toBe(true)
  expect(state.reports).toEqual(['down', 'up'])
})
