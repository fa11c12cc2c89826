import { expect, it } from 'vitest'
import { dispatchHandler } from '../../src/runtime/dispatch.js'

const failure = new Error('handler failed')
const handlers = {
  value: (args: unknown) => ({ got: args }),
  promise: async (args: unknown) => ({ got: args }),
  throws: (): never => {
    throw failure
  },
}

it('answers a handler’s value or promise, and turns a synchronous throw into a rejection', async () => {
  await expect(dispatchHandler(handlers, 'value', 1, {})).resolves.toEqual({ got: 1 })
  await expect(dispatchHandler(handlers, 'promise', 2, {})).resolves.toEqual({ got: 2 })
  const thrown = dispatchHandler(handlers, 'throws', 3, {})
  expect(thrown).toBeInstanceOf(Promise)
  await expect(thrown).rejects.toBe(failure)
})
