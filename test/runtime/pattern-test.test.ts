import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { compilePattern } from '../../src/runtime/pattern-test.js'
import { addressPattern, decimalPattern, hashPattern, hexPattern } from '../../src/runtime/formats.js'

/** Patterns of the shape compilePattern tests by length, and what a text of that shape is made of. */
const fixedLength = [
  { pattern: addressPattern, literal: '0x', set: '0123456789abcdefABCDEF', count: 40 },
  { pattern: hashPattern, literal: '0x', set: '0123456789abcdefABCDEF', count: 64 },
  { pattern: '^[a-c7]{3}$', literal: '', set: 'abc7', count: 3 },
  { pattern: '^id[0-9]{1}$', literal: 'id', set: '0123456789', count: 1 },
]

/** Texts near a match of `literal` then `count` characters of `set`: a character off, one more or less, a line end, another plane. */
const nearMatches = ({ literal, set, count }: (typeof fixedLength)[number]) => {
  const member = fc.constantFrom(...set)
  const other = fc.constantFrom('g', 'G', 'X', '-', ' ', '\n', '\u00e9', '\u{1F600}', '\ud800', '0', 'x')
  const body = (length: number) =>
    fc.array(fc.oneof({ weight: 9, arbitrary: member }, other), { minLength: length, maxLength: length })
  return fc.oneof(
    fc
      .tuple(
        fc.constantFrom(literal, '', '0X', 'x0', ` ${literal}`),
        fc.integer({ min: Math.max(0, count - 2), max: count + 2 }).chain(body),
        fc.constantFrom('', '', '\n', '\u{1F600}'),
      )
      .map(([start, middle, end]) => start + middle.join('') + end),
    fc.string({ unit: 'binary', maxLength: literal.length + count + 2 }),
  )
}

describe('compilePattern (src/runtime/pattern-test.ts)', () => {
  it.each(fixedLength)('tests $pattern as the RegExp does, with and without the u flag', (shape) => {
    for (const flags of ['u', '']) {
      const regExp = new RegExp(shape.pattern, flags)
      const test = compilePattern(shape.pattern, flags)
      expect(test).not.toBeInstanceOf(RegExp)
      fc.assert(
        fc.property(nearMatches(shape), (text) => test.test(text) === regExp.test(text)),
        { numRuns: 2_000 },
      )
      expect(test.test(shape.literal + shape.set[0]!.repeat(shape.count))).toBe(true)
    }
  })

  it('shows as its RegExp would, which ajv keys its shared patterns by', () => {
    expect(String(compilePattern(addressPattern, 'u'))).toBe(String(new RegExp(addressPattern, 'u')))
    expect(String(compilePattern(hashPattern, ''))).toBe(String(new RegExp(hashPattern, '')))
  })

  it.each([
    [decimalPattern, 'u'],
    [hexPattern, 'u'],
    [addressPattern, 'm'],
    [addressPattern, 'i'],
    ['^0x[0-9a-fA-F]{40,41}$', 'u'],
    ['^0x[^0-9]{40}$', 'u'],
    ['^0x[\\d]{40}$', 'u'],
    ['^0.[0-9]{40}$', 'u'],
    ['^[0-9]{40}', 'u'],
  ])('leaves %s (flags %s) to the RegExp itself', (pattern, flags) => {
    const test = compilePattern(pattern, flags)
    expect(test).toBeInstanceOf(RegExp)
    expect(String(test)).toBe(String(new RegExp(pattern, flags)))
  })
})
