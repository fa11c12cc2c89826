import { setTimeout as sleep } from 'node:timers/promises'
import { expect, it } from 'vitest'
import { startLocalServer } from '../../src/local/server.js'
import { firstListenerMs, firstWebhookCall } from './first-webhook-call.js'

/**
 * A person (or a test's setup) adds a first webhook listener a few seconds after the local server started: the
 * webhook engine and its store are made by then, beside the started server, not on that first call (which made
 * it wait for the store's initdb: 2.3 s). BENCHMARKS.md, "First webhook call", has the figures, a call sent at once
 * among them.
 */
const WAIT_MS = 3000
const BOUND_MS = 300

it('a first AddWebhookListener 3 s after `npm start` printed its line answers within 300 ms (fresh home, in memory)', async () => {
  const { callMs, lineMs } = await firstWebhookCall(WAIT_MS)
  expect(lineMs).toBeLessThan(5000)
  expect(callMs).toBeLessThan(BOUND_MS)
})

it('a first AddWebhookListener 3 s after startLocalServer() answers within 300 ms (in memory)', async () => {
  const server = await startLocalServer({ port: 0, host: '127.0.0.1', log: () => undefined })
  try {
    await sleep(WAIT_MS)
    expect(await firstListenerMs(server)).toBeLessThan(BOUND_MS)
  } finally {
    await server.close()
  }
})
