import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { availableParallelism } from 'node:os'
import { expect, it } from 'vitest'
import { quietMachine } from './quiet-machine.js'

it('waits while a process keeps a core busy, and answers once it has ended', async () => {
  const busyMs = 1500
  const spinner = spawn(process.execPath, ['-e', `const end = Date.now() + ${busyMs}; while (Date.now() < end);`])
  const ended = once(spinner, 'exit')
  const started = performance.now()
  // One busy core is twice this share of the machine's time.
  const waited = await quietMachine({ busyShare: 1 / (2 * availableParallelism()), windowMs: 250 })
  await ended
  expect(waited).toBeGreaterThanOrEqual(busyMs - 500)
  expect(performance.now() - started).toBeLessThan(busyMs + 5000)
})
