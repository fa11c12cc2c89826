import type { Hex } from '../hex.js'
import { decodeEventArguments, type DecodedArguments } from './decode.js'
import type { ParsedEvent } from './event-signature.js'
import type { EventRoles } from './token-standards.js'
import { ContractType } from '../../gen/indexer.gen.js'
import { standardShownBy } from './contract-kinds.js'

/** One (listener, contract, event) the index can hit. */
export interface Subscription {
  listenerId: string
  /** undefined: every chain the engine sees. */
  chainId: number | undefined
  contractAddress: string
  event: ParsedEvent
  roles: EventRoles
  tokenIds: ReadonlySet<bigint> | undefined
  accounts: ReadonlySet<string> | undefined
}

export interface LogToMatch {
  address: string
  topics: readonly Hex[]
  data: Hex
}

export interface Match {
  subscription: Subscription
  decoded: DecodedArguments
  contractType: ContractType
}

/**
 * Listeners indexed by contract, then by (chain, topic0, topic count): a log costs one lookup in the
 * map of all watched contracts (none for the logs of other contracts) and a scan of its contract's few
 * buckets, so the cost per log does not grow with the number of listeners elsewhere. Buckets are a
 * short array rather than a map: with many contracts, each lookup is a cache miss, and fewer objects
 * between the contract and its subscriptions mean fewer of them. The topic count tells ERC-20 from
 * ERC-721 Transfer.
 */
export class MatchingIndex {
  /** contract address (lower case) → its buckets and the token standard it showed on each chain. */
  private readonly byContract = new Map<string, WatchedContract>()
  private readonly contractsByListener = new Map<string, string[]>()

  add(subscriptions: Subscription[]): void {
    for (const subscription of subscriptions) {
      const contract = subscription.contractAddress.toLowerCase()
      const chainId = subscription.chainId
      const topic0 = subscription.event.topicHash.toLowerCase()
      const topics = topicCount(subscription.event)
      let watched = this.byContract.get(contract)
      if (!watched) this.byContract.set(contract, (watched = { buckets: [], standards: undefined }))
      const bucket = watched.buckets.find((b) => b.chainId === chainId && b.topic0 === topic0 && b.topics === topics)
      if (bucket) bucket.subscriptions.push(subscription)
      else watched.buckets.push({ chainId, topic0, topics, subscriptions: [subscription] })
      const contracts = this.contractsByListener.get(subscription.listenerId)
      if (!contracts) this.contractsByListener.set(subscription.listenerId, [contract])
      else if (!contracts.includes(contract)) contracts.push(contract)
    }
  }

  remove(listenerId: string): void {
    for (const contract of this.contractsByListener.get(listenerId) ?? []) {
      const watched = this.byContract.get(contract)!
      for (const bucket of watched.buckets)
        bucket.subscriptions = bucket.subscriptions.filter((subscription) => subscription.listenerId !== listenerId)
      watched.buckets = watched.buckets.filter((bucket) => bucket.subscriptions.length > 0)
      if (watched.buckets.length === 0) this.byContract.delete(contract)
    }
    this.contractsByListener.delete(listenerId)
  }

  get listenerCount(): number {
    return this.contractsByListener.size
  }

  /** At most one match per listener: a log is one delivery even when two listened signatures fit it. */
  match(chainId: number, log: LogToMatch): Match[] {
    const topic0 = log.topics[0]?.toLowerCase()
    if (!topic0) return []
    const watched = this.byContract.get(log.address.toLowerCase())
    if (!watched) return []
    const shown = standardShownBy(log.topics)
    if (shown) (watched.standards ??= new Map()).set(chainId, shown)
    const byListener = new Map<string, Match[]>()
    const decodedByShape = new Map<string, DecodedArguments | undefined>()
    const topics = log.topics.length
    for (const bucket of watched.buckets) {
      if (bucket.topic0 !== topic0 || bucket.topics !== topics) continue
      if (bucket.chainId !== undefined && bucket.chainId !== chainId) continue
      for (const subscription of bucket.subscriptions) {
        const shape = shapeOf(subscription.event)
        if (!decodedByShape.has(shape))
          decodedByShape.set(shape, decodeEventArguments(subscription.event, log.topics, log.data))
        const decoded = decodedByShape.get(shape)
        if (!decoded || !passesArgumentFilters(subscription, decoded.args)) continue
        const matches = byListener.get(subscription.listenerId) ?? []
        matches.push({ subscription, decoded, contractType: subscription.roles.contractType })
        byListener.set(subscription.listenerId, matches)
      }
    }
    if (byListener.size === 0) return []
    const known = watched.standards?.get(chainId)
    return [...byListener.values()].map((matches) => {
      const best = matches.find((match) => match.contractType === known) ?? matches[0]!
      return best.contractType === ContractType.UNKNOWN && known && best.subscription.roles.ambiguousStandard
        ? { ...best, contractType: known }
        : best
    })
  }
}

const shapes = new WeakMap<ParsedEvent, string>()

/** Events of one shape (argument types and indexing) decode a log alike: one decode serves them all. */
function shapeOf(event: ParsedEvent): string {
  let shape = shapes.get(event)
  if (shape === undefined) shapes.set(event, (shape = `${event.types.join()}|${event.indexed.join()}`))
  return shape
}

/** tokenIDs and accounts narrow an event only when it carries token id / address arguments. */
function passesArgumentFilters(subscription: Subscription, args: unknown[]): boolean {
  const { tokenIds, accounts, roles } = subscription
  if (tokenIds && roles.tokenIdArgs.length > 0) {
    const ids = roles.tokenIdArgs.flatMap((position) => {
      const value = args[position]
      return Array.isArray(value) ? value : [value]
    })
    if (!ids.some((id) => typeof id === 'bigint' && tokenIds.has(id))) return false
  }
  if (accounts && roles.accountArgs.length > 0) {
    if (
      !roles.accountArgs.some(
        (position) => typeof args[position] === 'string' && accounts.has((args[position] as string).toLowerCase()),
      )
    )
      return false
  }
  return true
}

function topicCount(event: ParsedEvent): number {
  return 1 + event.indexed.filter(Boolean).length
}

interface Bucket {
  /** undefined: every chain. */
  chainId: number | undefined
  topic0: string
  topics: number
  /** Of any listener. */
  subscriptions: Subscription[]
}

interface WatchedContract {
  buckets: Bucket[]
  /** The standard the contract's logs showed, by chain; learnt while the contract is watched. */
  standards: Map<number, ContractType> | undefined
}
