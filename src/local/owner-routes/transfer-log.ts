import type { WebhookListener } from '../../../gen/indexer.gen.js'
import { canonicalAddress } from '../../values/address.js'
import { uint256OfDecimal } from '../../values/decimal.js'
import type { Hex } from '../../values/hex.js'
import { invalidArgument } from '../../values/problem.js'
import type { InjectedLog } from '../../webhook/engine/engine-api.js'
import { parseEventSignature } from '../../webhook/engine/matching/event-signature.js'
import { TRANSFER_SIGNATURES } from '../../webhook/engine/matching/token-standards.js'

export type TransferStandard = keyof typeof TRANSFER_SIGNATURES

/** A token transfer to fire; what is left out is taken from the listener (transferFor). */
export interface TransferRequest {
  standard?: TransferStandard
  contract?: string
  tokenId?: string
  from?: string
  to?: string
  amount?: string
}

export interface Transfer {
  standard: TransferStandard
  contract: Hex
  tokenId: bigint
  from: Hex
  to: Hex
  amount: bigint
}

const STANDARDS = Object.keys(TRANSFER_SIGNATURES) as TransferStandard[]
const FIELDS = new Set(['standard', 'contract', 'tokenId', 'from', 'to', 'amount'])
const ZERO_ADDRESS = `0x${'0'.repeat(40)}` as Hex
/** Receives a transfer when the listener names no account: an address nobody holds the key of. */
const DEFAULT_RECIPIENT = `0x${'11'.repeat(20)}` as Hex
const TOPIC_HASH = Object.fromEntries(
  STANDARDS.map((standard) => [standard, parseEventSignature(TRANSFER_SIGNATURES[standard]).topicHash]),
) as Record<TransferStandard, string>

/**
 * The transfer the request names, each part it leaves out taken so that the listener matches it: the standard
 * of the listener's first transfer event (ERC721 if it has none), its first contract, token id and account (as
 * the receiving side), a mint (from the zero address) of amount 1.
 */
export function transferFor(listener: WebhookListener, request: unknown): Transfer {
  if (typeof request !== 'object' || request === null || Array.isArray(request))
    throw invalidArgument('request body', 'required object')
  const asked = request as Record<string, unknown>
  const unknown = Object.keys(asked).find((key) => !FIELDS.has(key))
  if (unknown) throw invalidArgument(unknown, `unknown field; the fields are ${[...FIELDS].join(', ')}`)
  const text = (field: keyof TransferRequest) => {
    const value = asked[field]
    if (value !== undefined && typeof value !== 'string') throw invalidArgument(field, 'not a string')
    return value
  }
  const standard = text('standard') ?? standardOf(listener)
  if (!STANDARDS.includes(standard as TransferStandard))
    throw invalidArgument('standard', `not one of ${STANDARDS.join(', ')}`)
  const { filters } = listener
  return {
    standard: standard as TransferStandard,
    contract: canonicalAddress(text('contract') ?? filters.contractAddresses[0], 'contract'),
    tokenId: uint256OfDecimal(text('tokenId') ?? String(filters.tokenIDs?.[0] ?? '1'), 'tokenId'),
    from: canonicalAddress(text('from') ?? ZERO_ADDRESS, 'from'),
    to: canonicalAddress(text('to') ?? filters.accounts?.[0] ?? DEFAULT_RECIPIENT, 'to'),
    amount: uint256OfDecimal(text('amount') ?? '1', 'amount'),
  }
}

/** The log the token contract emits for the transfer. An ERC-1155 operator is the sender, or the receiver of a mint. */
export function transferLog(transfer: Transfer): InjectedLog {
  const topic0 = TOPIC_HASH[transfer.standard] as Hex
  const { from, to } = transfer
  switch (transfer.standard) {
    case 'ERC20':
      return { address: transfer.contract, topics: [topic0, word(from), word(to)], data: words(transfer.amount) }
    case 'ERC721':
      return { address: transfer.contract, topics: [topic0, word(from), word(to), word(transfer.tokenId)], data: '0x' }
    case 'ERC1155': {
      const operator = from === ZERO_ADDRESS ? to : from
      return {
        address: transfer.contract,
        topics: [topic0, word(operator), word(from), word(to)],
        data: words(transfer.tokenId, transfer.amount),
      }
    }
  }
}

function standardOf(listener: WebhookListener): TransferStandard {
  for (const event of listener.events ?? []) {
    const standard = STANDARDS.find((one) => TOPIC_HASH[one] === event.topicHash && shapeMatches(one, event.indexed))
    if (standard) return standard
  }
  return 'ERC721'
}

/** ERC-20's and ERC-721's Transfer share their topic hash; the indexed token id tells them apart. */
const shapeMatches = (standard: TransferStandard, indexed: boolean[]) =>
  standard === 'ERC1155' || (standard === 'ERC721') === indexed.filter(Boolean).length > 2

/** A 32-byte ABI word: an address or a uint256, as a 0x-prefixed topic. */
const word = (value: Hex | bigint): Hex =>
  `0x${(typeof value === 'bigint' ? value.toString(16) : value.slice(2)).padStart(64, '0')}`

const words = (...values: bigint[]): Hex => `0x${values.map((value) => word(value).slice(2)).join('')}`
