import { setTimeout as sleep } from 'node:timers/promises'
import type { ServiceMount } from '../../src/server/host.js'

/** A small real service for host behaviour the SPEC services never trigger on purpose (slow, throwing, unserialisable). */
export function probeService(): ServiceMount & { started: number; finished: number } {
  const state = { started: 0, finished: 0 }
  const handlers: Record<string, (args: Record<string, unknown>, signal: AbortSignal) => Promise<unknown>> = {
    async Echo(args) {
      return { echo: args }
    },
    async Slow(args, signal) {
      state.started++
      await sleep(Number(args.ms ?? 0), undefined, { signal }).catch(() => undefined)
      state.finished++
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
    name: 'Probe',
    methods: Object.keys(handlers),
    network: { kind: 'none' } as const,
    webrpcHeader: 'webrpc@v0.23.4;probe@v0.0.1',
    auth: () => 'none' as const,
    dispatch: (method: string, args: unknown, context: { signal: AbortSignal }) =>
      handlers[method]!(args as Record<string, unknown>, context.signal),
  })
}
