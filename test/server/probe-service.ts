import { setTimeout as sleep } from 'node:timers/promises'
import type { ServiceMount } from '../../src/server/host.js'

type Counter = 'started' | 'aborted' | 'finished'

/** A small real service for host behaviour the five services never trigger on purpose (slow, throwing, unserialisable). */
export function probeService(): ServiceMount & {
  started: number
  /** Slow calls whose sleep their signal cut short. */
  aborted: number
  finished: number
  /** Resolves once `counter` has reached `count`: a signal to await instead of a sleep. */
  reached(counter: Counter, count: number): Promise<void>
} {
  const state = { started: 0, aborted: 0, finished: 0 }
  let waiters: (() => void)[] = []
  const counted = (counter: Counter) => {
    state[counter]++
    const woken = waiters
    waiters = []
    for (const wake of woken) wake()
  }
  async function reached(counter: Counter, count: number): Promise<void> {
    while (state[counter] < count) await new Promise<void>((resolve) => waiters.push(resolve))
  }
  const handlers: Record<string, (args: Record<string, unknown>, signal: AbortSignal) => Promise<unknown>> = {
    async Echo(args) {
      return { echo: args }
    },
    async Slow(args, signal) {
      counted('started')
      await sleep(Number(args.ms ?? 0), undefined, { signal }).catch(() => counted('aborted'))
      counted('finished')
      return { slept: args.ms }
    },
    async Throw() {
      throw new Error('database password is hunter2')
    },
    async Unserialisable() {
      return { big: 1n }
    },
  }
  return Object.assign(state, {
    reached,
    name: 'Probe',
    methods: Object.keys(handlers),
    network: { kind: 'none' } as const,
    webrpcHeader: 'webrpc@v0.23.4;probe@v0.0.1',
    auth: () => 'none' as const,
    dispatch: (method: string, args: unknown, context: { signal: AbortSignal }) =>
      handlers[method]!(args as Record<string, unknown>, context.signal),
  })
}
