/** An address is 20 bytes: five 32-bit words. */
export const ADDRESS_WORDS = 5

/** Digit value by character code (ASCII), -1 for a non-digit. */
const HEX_VALUE = new Int8Array(128).fill(-1)
for (let digit = 0; digit < 16; digit++) {
  HEX_VALUE['0123456789abcdef'.charCodeAt(digit)] = digit
  HEX_VALUE['0123456789ABCDEF'.charCodeAt(digit)] = digit
}

/** Whether the string has the length and 0x prefix of an address (its digits are checked as they are read). */
export function looksLikeAddress(address: string): boolean {
  return address.length === 42 && address.charCodeAt(0) === 48 && (address.charCodeAt(1) | 32) === 120
}

/**
 * Word `w` (0-4) of an address that looksLikeAddress, in any letter case, as a 32-bit int; undefined
 * when one of its 8 characters is not a hex digit. Reading digits replaces lower-casing the string
 * (a new string per log) and hashing it.
 */
export function addressWord(address: string, w: number): number | undefined {
  // Negative once a character is not a hex digit (digit -1, or a code past ASCII).
  let invalid = 0
  let word = 0
  for (let position = 2 + 8 * w, end = position + 8; position < end; position++) {
    const code = address.charCodeAt(position)
    const digit = HEX_VALUE[code & 127]!
    invalid |= digit | (127 - code)
    word = (word << 4) | (digit & 15)
  }
  return invalid < 0 ? undefined : word
}

/** Reads an address into words[0] .. words[4]; false when it is not a 0x-prefixed 40-digit hex string. */
export function readAddressWords(address: string, words: Int32Array): boolean {
  if (!looksLikeAddress(address)) return false
  for (let w = 0; w < ADDRESS_WORDS; w++) {
    const word = addressWord(address, w)
    if (word === undefined) return false
    words[w] = word
  }
  return true
}
