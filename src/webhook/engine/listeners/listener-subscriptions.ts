import { parseEventSignature } from '../matching/event-signature.js'
import type { ListenerRecord } from './listener-store.js'
import type { Subscription } from '../matching/matching-index.js'
import { eventRoles } from '../matching/token-standards.js'

/** The index entries of a listener: one per (contract, listened event). */
export function subscriptionsOf(listener: ListenerRecord): Subscription[] {
  const { filters } = listener
  const allEvents = filters.events.map((signature) => parseEventSignature(signature))
  const events = filters.topicHashes?.length
    ? allEvents.filter((event) => filters.topicHashes!.includes(event.topicHash))
    : allEvents
  const tokenIds = filters.tokenIDs?.length ? new Set(filters.tokenIDs.map((id) => BigInt(id))) : undefined
  const accounts = filters.accounts?.length
    ? new Set(filters.accounts.map((account) => account.toLowerCase()))
    : undefined
  return filters.contractAddresses.flatMap((contractAddress) =>
    events.map((event) => ({
      listenerId: listener.id,
      chainId: listener.chainId,
      contractAddress,
      event,
      roles: eventRoles(event, allEvents),
      tokenIds,
      accounts,
    })),
  )
}
