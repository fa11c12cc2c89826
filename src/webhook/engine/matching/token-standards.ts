import { ContractType, LogDataType } from '../../../../gen/indexer.gen.js'
import { parseEventSignature, type ParsedEvent } from './event-signature.js'

/** What the engine knows about an event: which token standard it belongs to and which arguments matter. */
export interface EventRoles {
  contractType: ContractType
  logDataType: LogDataType
  /** Positions of uint256 token id arguments (tokenId, id) and uint256[] ones (ids). */
  tokenIdArgs: number[]
  /** Positions of address arguments, matched against filters.accounts. */
  accountArgs: number[]
  /** The log is the same in two standards (ApprovalForAll) and the registration did not settle which. */
  ambiguousStandard: boolean
}

interface KnownEvent {
  parsed: ParsedEvent
  contractType: ContractType
  logDataType: LogDataType
}

/** The single-token transfer event of each token standard. */
export const TRANSFER_SIGNATURES = {
  ERC20: 'Transfer(address indexed from, address indexed to, uint256 value)',
  ERC721: 'Transfer(address indexed from, address indexed to, uint256 indexed tokenId)',
  ERC1155:
    'TransferSingle(address indexed operator, address indexed from, address indexed to, uint256 id, uint256 value)',
} as const

/** docs/webhooks.md "Token event signatures that can be listened to". */
const KNOWN_EVENTS: KnownEvent[] = [
  [ContractType.ERC20, TRANSFER_SIGNATURES.ERC20],
  [ContractType.ERC20, 'Approval(address indexed owner, address indexed spender, uint256 value)'],
  [ContractType.ERC721, TRANSFER_SIGNATURES.ERC721],
  [ContractType.ERC721, 'Approval(address indexed owner, address indexed approved, uint256 indexed tokenId)'],
  [ContractType.ERC721, 'ApprovalForAll(address indexed owner, address indexed operator, bool approved)'],
  [ContractType.ERC1155, TRANSFER_SIGNATURES.ERC1155],
  [
    ContractType.ERC1155,
    'TransferBatch(address indexed operator, address indexed from, address indexed to, uint256[] ids, uint256[] values)',
  ],
  [ContractType.ERC1155, 'ApprovalForAll(address indexed account, address indexed operator, bool approved)'],
  [ContractType.ERC1155, 'URI(string value, uint256 indexed id)'],
].map(([contractType, signature]) => ({
  parsed: parseEventSignature(signature as string),
  contractType: contractType as ContractType,
  logDataType: /^Transfer/.test(signature as string) ? LogDataType.TOKEN_TRANSFER : LogDataType.EVENT,
}))

const TOKEN_ID_NAMES = new Set(['id', 'ids', 'tokenid', 'tokenids'])
/** A uint256 or uint256[] argument named as a token id (tokenId, id, ids): what filters.tokenIDs match. */
const isTokenIdArgument = (type: string, name: string) =>
  (type === 'uint256' || type === 'uint256[]') && TOKEN_ID_NAMES.has(name.toLowerCase())

/** topic0 → topic count → the standard whose known events alone have that log shape (null: several do). */
const standardByShape = new Map<string, Map<number, ContractType | null>>()
for (const { parsed, contractType } of KNOWN_EVENTS) {
  const byCount = standardByShape.get(parsed.topicHash) ?? new Map<number, ContractType | null>()
  standardByShape.set(parsed.topicHash, byCount)
  const topics = 1 + parsed.indexed.filter(Boolean).length
  const previous = byCount.get(topics)
  byCount.set(topics, previous === undefined || previous === contractType ? contractType : null)
}

/**
 * The token standard a log shows its contract to have, when only one standard's known events have its
 * shape (topic0 and topic count: Transfer with or without an indexed tokenId, the ERC-1155 events);
 * undefined otherwise. Remembered per watched contract, it settles logs that are the same in two
 * standards (ApprovalForAll of ERC-721 and ERC-1155).
 */
export function standardShownBy(topics: readonly string[]): ContractType | undefined {
  const topic0 = topics[0]
  return (topic0 && standardByShape.get(topic0.toLowerCase())?.get(topics.length)) || undefined
}

/**
 * Roles of a listened event. Known token events are recognised by topic hash and indexed pattern
 * (ERC-20 and ERC-721 Transfer share topic0 and differ by the indexed tokenId). ApprovalForAll is
 * the same log in ERC-721 and ERC-1155: the argument names given at registration decide
 * (owner → ERC721, account → ERC1155), else the listener's other events, else UNKNOWN.
 */
export function eventRoles(event: ParsedEvent, siblings: ParsedEvent[] = []): EventRoles {
  const candidates = KNOWN_EVENTS.filter((known) => sameLogShape(known.parsed, event))
  const known =
    candidates.length <= 1 ? candidates[0] : (pickByNames(candidates, event) ?? pickBySiblings(candidates, siblings))
  const accountArgs = positions(event, (type) => type === 'address')
  if (known) {
    return {
      contractType: known.contractType,
      logDataType: known.logDataType,
      tokenIdArgs: positions(known.parsed, isTokenIdArgument),
      accountArgs,
      ambiguousStandard: false,
    }
  }
  const ambiguous = candidates.length > 1
  return {
    contractType: ContractType.UNKNOWN,
    logDataType: LogDataType.EVENT,
    tokenIdArgs: ambiguous ? [] : positions(event, isTokenIdArgument),
    accountArgs,
    ambiguousStandard: ambiguous,
  }
}

/**
 * For a docs/webhooks.md token event (same topic hash) registered with an `indexed` pattern that none of its
 * standards emits, the forms that do match, with their standard; undefined otherwise. Matching goes
 * by topic0 and topic count, so such a registration could never match a token log.
 */
export function unmatchableTokenEvent(
  event: Pick<ParsedEvent, 'topicHash' | 'indexed'>,
): { contractType: ContractType; eventSig: string }[] | undefined {
  const variants = KNOWN_EVENTS.filter((known) => known.parsed.topicHash === event.topicHash)
  if (variants.length === 0 || variants.some((known) => sameLogShape(known.parsed, event))) return undefined
  return variants.map((known) => ({ contractType: known.contractType, eventSig: known.parsed.eventSig }))
}

export function sameLogShape(
  a: Pick<ParsedEvent, 'topicHash' | 'indexed'>,
  b: Pick<ParsedEvent, 'topicHash' | 'indexed'>,
): boolean {
  return a.topicHash === b.topicHash && a.indexed.join() === b.indexed.join()
}

function pickByNames(candidates: KnownEvent[], event: ParsedEvent): KnownEvent | undefined {
  return candidates.find((known) => known.parsed.names.join() === event.names.join())
}

function pickBySiblings(candidates: KnownEvent[], siblings: ParsedEvent[]): KnownEvent | undefined {
  const standards = new Set(
    siblings.flatMap((sibling) => {
      const matches = KNOWN_EVENTS.filter((known) => sameLogShape(known.parsed, sibling))
      return matches.length === 1 ? [matches[0]!.contractType] : []
    }),
  )
  const fitting = candidates.filter((known) => standards.has(known.contractType))
  return fitting.length === 1 ? fitting[0] : undefined
}

function positions(
  event: Pick<ParsedEvent, 'types' | 'names'>,
  test: (type: string, name: string) => boolean,
): number[] {
  return event.types.flatMap((type, position) => (test(type, event.names[position] ?? '') ? [position] : []))
}
