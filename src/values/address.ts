import { getAddress } from 'viem/utils'
import type { Hex } from './hex.js'
import { invalidArgument } from './problem.js'
import { addressPattern } from '../runtime/formats.js'

const addressShape = new RegExp(addressPattern)

export type AddressProblem = 'not an address' | 'bad EIP-55 checksum'

/** 20 bytes as 0x-prefixed hex in either case, checksum unchecked: what a node hands over. */
export const isAddressShaped = (value: unknown): value is string =>
  typeof value === 'string' && addressShape.test(value)

/**
 * The canonical form of an address, lower-case hex (what the store keeps and matching compares).
 * One-case hex carries no checksum (EIP-55); mixed case must be the checksum. Throws an invalid-argument
 * Problem naming `where`.
 */
export function canonicalAddress(value: unknown, where: string): Hex {
  if (!isAddressShaped(value)) throw invalidArgument<AddressProblem>(where, 'not an address')
  const hex = value.slice(2)
  const oneCase = hex === hex.toLowerCase() || hex === hex.toUpperCase()
  if (!oneCase && getAddress(value) !== value) throw invalidArgument<AddressProblem>(where, 'bad EIP-55 checksum')
  return value.toLowerCase() as Hex
}

/** An address as shown to people (EIP-55 mixed case). */
export const checksummedAddress = (address: Hex): Hex => getAddress(address)
