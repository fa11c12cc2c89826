import { parseEventSignature, type ParsedEvent } from '../matching/event-signature.js'
import type { MirroredListener } from './listener-store.js'
import type { Subscription } from '../matching/matching-index.js'
import { eventRoles, type EventRoles } from '../matching/token-standards.js'

interface ListenedEvent {
  event: ParsedEvent
  roles: EventRoles
}

const MAX_MEMOISED = 10_000
// Many listeners listen to the same few lists of events: parse them and find their roles once per list (the
// results are shared by their subscriptions and never mutated).
const memo = new Map<string, ListenedEvent[]>()

/** The index entries of a listener: one per (contract, listened event). */
export function subscriptionsOf(listener: MirroredListener): Subscription[] {
  const { filters } = listener
  const events = listenedEvents(filters.events, filters.topicHashes)
  const tokenIds = filters.tokenIDs?.length ? new Set(filters.tokenIDs.map((id) => BigInt(id))) : undefined
  const accounts = filters.accounts?.length
    ? new Set(filters.accounts.map((account) => account.toLowerCase()))
    : undefined
  return filters.contractAddresses.flatMap((contractAddress) =>
    events.map(({ event, roles }) => ({
      listenerId: listener.id,
      chainId: listener.chainId,
      contractAddress,
      event,
      roles,
      tokenIds,
      accounts,
    })),
  )
}

/** The events to deliver (topicHashes narrow them) with their roles among all the listener's events. */
function listenedEvents(signatures: string[], topicHashes: string[] | undefined): ListenedEvent[] {
  const key = JSON.stringify([signatures, topicHashes ?? []])
  const known = memo.get(key)
  if (known) return known
  const allEvents = signatures.map((signature) => parseEventSignature(signature))
  const events = topicHashes?.length ? allEvents.filter((event) => topicHashes.includes(event.topicHash)) : allEvents
  const listened = events.map((event) => ({ event, roles: eventRoles(event, allEvents) }))
  if (memo.size >= MAX_MEMOISED) memo.delete(memo.keys().next().value!)
  memo.set(key, listened)
  return listened
}
