import { describe, expect, it } from 'vitest'
import { canonicalAddress, checksummedAddress, isAddressShaped } from '../../src/values/address.js'
import { Problem } from '../../src/values/problem.js'

/** EIP-55's own example address, and the same with the case of one letter flipped. */
const checksummed = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'
const badChecksum = '0x5AAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'
const lower = checksummed.toLowerCase()

describe('canonicalAddress', () => {
  it.each([
    ['lower case', lower],
    ['upper case hex', `0x${lower.slice(2).toUpperCase()}`],
    ['the EIP-55 checksum', checksummed],
  ])('reads %s as the lower-case address', (_, value) => {
    expect(canonicalAddress(value, 'field')).toBe(lower)
  })

  it.each([
    [badChecksum, 'bad EIP-55 checksum'],
    ['0x1234', 'not an address'],
    [`${lower}00`, 'not an address'],
    [lower.replace('0x', '0X'), 'not an address'],
    [lower.slice(2), 'not an address'],
    [`0x${'g'.repeat(40)}`, 'not an address'],
    [42, 'not an address'],
    [undefined, 'not an address'],
  ])('refuses %j: %s, naming the field', (value, problem) => {
    const error = (() => {
      try {
        canonicalAddress(value, 'filters.accounts[0]')
      } catch (thrown) {
        return thrown
      }
    })()
    expect(error).toBeInstanceOf(Problem)
    expect(error).toMatchObject({
      kind: 'invalid-argument',
      field: 'filters.accounts[0]',
      reason: problem,
      message: `filters.accounts[0]: ${problem}`,
    })
  })
})

describe('the other forms', () => {
  it('shows the canonical address with its EIP-55 checksum', () => {
    expect(checksummedAddress(canonicalAddress(lower, 'field'))).toBe(checksummed)
  })

  it.each([
    [badChecksum, true],
    [lower, true],
    ['0x1234', false],
    [null, false],
  ])('isAddressShaped(%j) is %s: the wire pattern, checksum unchecked', (value, shaped) => {
    expect(isAddressShaped(value)).toBe(shaped)
  })
})
