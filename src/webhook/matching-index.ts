import type { Hex } from 'viem'
import { decodeEventArguments, type DecodedArguments } from './decode.js'
import type { ParsedEvent } from './event-signature.js'
import type { EventRoles } from './token-standards.js'
import { ContractType } from '../../gen/indexer.gen.js'
import { ContractKinds } from './contract-kinds.js'

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
 * Listeners indexed by (chain, contract, topic0, topic count): a log looks up two buckets (its chain
 * and "any chain") and only checks the listeners there, so the cost per log does not grow with
 * the number of listeners elsewhere. The topic count tells ERC-20 from ERC-721 Transfer.
 */
export class MatchingIndex {
  private readonly buckets = new Map<string, Map<string, Subscription[]>>()
  private readonly keysByListener = new Map<string, string[]>()
  private readonly contractKinds = new ContractKinds()

  add(subscriptions: Subscription[]): void {
    for (const subscription of subscriptions) {
      const key = bucketKey(
        subscription.chainId,
        subscription.contractAddress,
        subscription.event.topicHash,
        topicCount(subscription.event),
      )
      let bucket = this.buckets.get(key)
      if (!bucket) this.buckets.set(key, (bucket = new Map()))
      const existing = bucket.get(subscription.listenerId)
      if (existing) existing.push(subscription)
      else bucket.set(subscription.listenerId, [subscription])
      const keys = this.keysByListener.get(subscription.listenerId) ?? []
      keys.push(key)
      this.keysByListener.set(subscription.listenerId, keys)
    }
  }

  remove(listenerId: string): void {
    for (const key of this.keysByListener.get(listenerId) ?? []) {
      const bucket = this.buckets.get(key)
      bucket?.delete(listenerId)
      if (bucket?.size === 0) this.buckets.delete(key)
    }
    this.keysByListener.delete(listenerId)
  }

  get listenerCount(): number {
    return this.keysByListener.size
  }

  /** At most one match per listener: a log is one delivery even when two listened signatures fit it. */
  match(chainId: number, log: LogToMatch): Match[] {
    const topic0 = log.topics[0]?.toLowerCase()
    if (!topic0) return []
    const contract = log.address.toLowerCase()
    this.contractKinds.observe(chainId, contract, log.topics)
    const byListener = new Map<string, Match[]>()
    const decodedByShape = new Map<string, DecodedArguments | undefined>()
    for (const scope of [chainId, undefined]) {
      const bucket = this.buckets.get(bucketKey(scope, contract, topic0, log.topics.length))
      if (!bucket) continue
      for (const [listenerId, subscriptions] of bucket) {
        for (const subscription of subscriptions) {
          const shape = `${subscription.event.types.join()}|${subscription.event.indexed.join()}`
          if (!decodedByShape.has(shape))
            decodedByShape.set(shape, decodeEventArguments(subscription.event, log.topics, log.data))
          const decoded = decodedByShape.get(shape)
          if (!decoded || !passesArgumentFilters(subscription, decoded.args)) continue
          const matches = byListener.get(listenerId) ?? []
          matches.push({ subscription, decoded, contractType: subscription.roles.contractType })
          byListener.set(listenerId, matches)
        }
      }
    }
    const known = this.contractKinds.kindOf(chainId, contract)
    return [...byListener.values()].map((matches) => {
      const best = matches.find((match) => match.contractType === known) ?? matches[0]!
      return best.contractType === ContractType.UNKNOWN && known && best.subscription.roles.ambiguousStandard
        ? { ...best, contractType: known }
        : best
    })
  }
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

function bucketKey(chainId: number | undefined, contract: string, topic0: string, topics: number): string {
  return `${chainId ?? '*'}|${contract.toLowerCase()}|${topic0.toLowerCase()}|${topics}`
}
