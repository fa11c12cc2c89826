import { expect, it } from 'vitest'
import { TimeoutError } from '../../gen/errors.gen.js'
import { documentedErrorOf } from '../../src/values/documented-error.js'
import { MAX_CONFLICT_RUNS, retryingConflicts } from '../../src/store/conflict-retry.js'
import { Problem } from '../../src/values/problem.js'

const deadlock = () => Object.assign(new Error('deadlock detected'), { code: '40P01' })

it('runs work again after a conflict, and answers the result of the run that succeeds', async () => {
  let runs = 0
  const result = await retryingConflicts(async () => {
    if (++runs < 3) throw deadlock()
    return 'done'
  })
  expect({ result, runs }).toEqual({ result: 'done', runs: 3 })
})

it('gives up after its last run with a busy Problem, which the services answer Timeout (408): the call may be sent again', async () => {
  let runs = 0
  const failure = await retryingConflicts(async () => {
    runs++
    throw deadlock()
  }).catch((error: unknown) => error)
  expect(runs).toBe(MAX_CONFLICT_RUNS)
  expect(failure).toBeInstanceOf(Problem)
  expect((failure as Problem).kind).toBe('busy')
  const answer = documentedErrorOf(failure as Problem)
  expect(answer).toBeInstanceOf(TimeoutError)
  expect(answer.status).toBe(408)
})

it('throws any other failure at once, as it is', async () => {
  let runs = 0
  const other = new Error('syntax error')
  await expect(
    retryingConflicts(async () => {
      runs++
      throw other
    }),
  ).rejects.toBe(other)
  expect(runs).toBe(1)
})
