import type { WebhookFilters } from '../../../../gen/indexer.gen.js'
import { canonicalAddress, checksummedAddress } from '../../../values/address.js'
import { uint256OfDecimal } from '../../../values/decimal.js'
import { invalidArgument, Problem } from '../../../values/problem.js'
import { hashPattern } from '../../../runtime/formats.js'
import { parseEventSignature, type ParsedEvent } from '../matching/event-signature.js'
import { unmatchableTokenEvent } from '../matching/token-standards.js'

/** Bounds on one listener's filters, so a registration cannot make matching or storage unbounded. */
export const FILTER_LIMITS = {
  contractAddresses: 100,
  events: 20,
  tokenIDs: 1000,
  accounts: 1000,
  topicHashes: 20,
} as const

const TOPIC_HASH = new RegExp(hashPattern)

export interface NormalisedFilters {
  /** As returned to the owner: checksummed addresses, token ids as decimal strings, lower-case hashes. */
  filters: WebhookFilters
  /** The events to deliver, after topicHashes narrowed them. */
  events: ParsedEvent[]
}

/** Validates and normalises listener filters; throws an invalid-argument Problem naming the offending entry. */
export function normaliseFilters(raw: unknown): NormalisedFilters {
  if (!isObject(raw)) throw invalidArgument('filters', 'required object')
  const unknown = Object.keys(raw).find((key) => !Object.hasOwn(FILTER_LIMITS, key))
  if (unknown) throw invalidArgument(`filters.${unknown}`, 'unknown filter')

  const contractAddresses = list(raw, 'contractAddresses', true).map((value, i) =>
    address(value, `filters.contractAddresses[${i}]`),
  )
  const signatures = list(raw, 'events', true)
  const allEvents = signatures.map((value, i) => {
    const where = `filters.events[${i}]`
    const event = parseEventSignature(value as string, where)
    const accepted = unmatchableTokenEvent(event)
    if (accepted) {
      const forms = accepted.map(({ contractType, eventSig }) => `${eventSig} (${contractType})`).join(' or ')
      throw invalidArgument(
        where,
        `token event ${event.abi.name} with these indexed arguments matches no token log; use ${forms}`,
      )
    }
    return event
  })
  const tokenIDs = list(raw, 'tokenIDs', false).map((value, i) => tokenId(value, `filters.tokenIDs[${i}]`))
  const accounts = list(raw, 'accounts', false).map((value, i) => address(value, `filters.accounts[${i}]`))
  const topicHashes = list(raw, 'topicHashes', false).map((value, i) => {
    const where = `filters.topicHashes[${i}]`
    if (typeof value !== 'string' || !TOPIC_HASH.test(value))
      throw invalidArgument(where, 'not a 0x-prefixed 32-byte hex hash')
    const hash = value.toLowerCase()
    if (!allEvents.some((event) => event.topicHash === hash))
      throw invalidArgument(where, 'matches none of filters.events')
    return hash
  })

  const filters: WebhookFilters = {
    contractAddresses: unique(contractAddresses),
    events: allEvents.map((event) => event.eventSig),
  }
  if ('tokenIDs' in raw) filters.tokenIDs = unique(tokenIDs)
  if ('accounts' in raw) filters.accounts = unique(accounts)
  if ('topicHashes' in raw) filters.topicHashes = unique(topicHashes)
  const events = topicHashes.length ? allEvents.filter((event) => topicHashes.includes(event.topicHash)) : allEvents
  return { filters, events }
}

function list(raw: Record<string, unknown>, key: keyof typeof FILTER_LIMITS, required: boolean): unknown[] {
  const value = raw[key]
  if (value === undefined || value === null) {
    if (required) throw invalidArgument(`filters.${key}`, 'required')
    return []
  }
  if (!Array.isArray(value)) throw invalidArgument(`filters.${key}`, 'not an array')
  if (required && value.length === 0) throw invalidArgument(`filters.${key}`, 'at least one entry is required')
  if (value.length > FILTER_LIMITS[key])
    throw invalidArgument(`filters.${key}`, `more than ${FILTER_LIMITS[key]} entries`)
  return value
}

const address = (value: unknown, where: string): string => checksummedAddress(canonicalAddress(value, where))

function tokenId(value: unknown, where: string): string {
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value) || value < 0)
      throw invalidArgument(where, 'not a non-negative integer (large ids must be decimal strings)')
    return String(value)
  }
  if (typeof value !== 'string') throw invalidArgument(where, 'not an integer or a decimal string')
  try {
    return uint256OfDecimal(value, where).toString()
  } catch (error) {
    if (error instanceof Problem && error.reason === 'not a decimal string')
      throw invalidArgument(where, 'not an integer or a decimal string')
    throw error
  }
}

function unique(values: string[]): string[] {
  return [...new Set(values)]
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
