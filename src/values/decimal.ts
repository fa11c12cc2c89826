import { invalidArgument } from './problem.js'
import { decimalPattern } from '../runtime/formats.js'

const decimalShape = new RegExp(decimalPattern)
const uint256Max = 2n ** 256n - 1n

export type DecimalProblem = 'not a decimal string' | 'larger than uint256'

/** Whether `value` is a decimal string (the `decimal` wire format: base 10, no sign, leading zeros allowed). */
export const isDecimal = (value: string): boolean => decimalShape.test(value)

/** Why `value` is not a uint256 written in decimal, or undefined when it is one. */
export function decimalProblem(value: string): DecimalProblem | undefined {
  if (!isDecimal(value)) return 'not a decimal string'
  // uint256's largest value has 78 digits: a longer number is too large before BigInt has to read it.
  const digits = value.replace(/^0+(?=.)/, '')
  return digits.length > 78 || BigInt(digits) > uint256Max ? 'larger than uint256' : undefined
}

/** The value of a decimal string that fits a uint256. Throws an invalid-argument Problem naming `where`. */
export function uint256OfDecimal(value: string, where: string): bigint {
  const problem = decimalProblem(value)
  if (problem) throw invalidArgument(where, problem)
  return BigInt(value)
}
