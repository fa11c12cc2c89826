import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { isDecimal, uint256OfDecimal } from '../../src/values/decimal.js'
import { decimalPattern } from '../../src/runtime/formats.js'
import { Problem } from '../../src/values/problem.js'

const uint256Max = 2n ** 256n - 1n

const problemOf = (value: string): string | undefined => {
  try {
    uint256OfDecimal(value, 'amount')
    return undefined
  } catch (error) {
    expect(error).toBeInstanceOf(Problem)
    expect(error).toMatchObject({ kind: 'invalid-argument', field: 'amount' })
    return (error as Problem).reason
  }
}

describe('uint256OfDecimal', () => {
  it.each([
    ['0', 0n],
    ['42', 42n],
    ['007', 7n],
    [uint256Max.toString(), uint256Max],
    [`000${uint256Max}`, uint256Max],
  ])('reads %s', (value, expected) => {
    expect(uint256OfDecimal(value, 'amount')).toBe(expected)
  })

  it.each([
    ['', 'not a decimal string'],
    ['-1', 'not a decimal string'],
    ['+1', 'not a decimal string'],
    ['1.5', 'not a decimal string'],
    ['1e3', 'not a decimal string'],
    ['0x10', 'not a decimal string'],
    [' 1', 'not a decimal string'],
    [(uint256Max + 1n).toString(), 'larger than uint256'],
    ['9'.repeat(100_000), 'larger than uint256'],
  ])('refuses %j: %s', (value, problem) => {
    expect(problemOf(value)).toBe(problem)
  })

  it('refuses as "not a decimal string" nothing the JSON Schemas accept as decimal', () => {
    fc.assert(
      fc.property(fc.stringMatching(new RegExp(decimalPattern)), (value) => {
        expect(isDecimal(value)).toBe(true)
        expect(problemOf(value)).not.toBe('not a decimal string')
      }),
    )
  })
})
