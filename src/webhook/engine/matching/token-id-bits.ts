/**
 * A 32-bit summary of a set of token ids: bit (id mod 32) per id. A log whose token ids share no bit
 * with a subscription's cannot pass its tokenIDs filter, so most non-matching subscriptions are ruled
 * out without reading their id set; a shared bit only means the exact check must run.
 */
export function tokenIdBits(ids: Iterable<unknown>): number {
  let bits = 0
  for (const id of ids) bits |= tokenIdBit(id)
  return bits
}

function tokenIdBit(id: unknown): number {
  return typeof id === 'bigint' ? 1 << Number(BigInt.asUintN(5, id)) : 0
}

/** The bits of the token ids a decoded log carries at these argument positions (a uint256 or a uint256[] each). */
export function logTokenIdBits(args: readonly unknown[], positions: readonly number[]): number {
  let bits = 0
  for (const position of positions) {
    const value = args[position]
    bits |= Array.isArray(value) ? tokenIdBits(value) : tokenIdBit(value)
  }
  return bits
}
