import type { Hex } from '../../../values/hex.js'
import type { DecodedArguments } from './decode.js'
import type { ParsedEvent } from './event-signature.js'
import { standardShownBy, type EventRoles } from './token-standards.js'
import { ContractType } from '../../../../gen/indexer.gen.js'
import { TokenContractField, TokenContractTable } from './token-contract-table.js'
import { Interner } from './interner.js'
import { LearnedStandards } from './learned-standards.js'
import { EntryField, SubscriptionEntries } from './subscription-entries.js'
import { PerLogMemo } from './per-log-memo.js'
import { tokenIdBits } from './token-id-bits.js'

/** One (listener, token contract, event) the index can hit. */
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
 * Listeners indexed by token contract: a log costs one lookup in the table of watched token contracts
 * (none further for the logs of other contracts) and a scan of its token contract's subscription entries, so the
 * cost per log does not grow with the number of listeners elsewhere. With many token contracts each lookup
 * is a cache miss, so the layout keeps them few: the token contract's record holds its fields, the
 * entries hold what a log is compared with (chain, topic0, topic count, shape, token id bits) as
 * numbers, and a Subscription object is read only for an entry that passes (see TokenContractTable,
 * SubscriptionEntries). The topic count tells ERC-20 from ERC-721 Transfer.
 */
export class MatchingIndex {
  private readonly tokenContracts = new TokenContractTable()
  private readonly entries = new SubscriptionEntries<Subscription>()
  private readonly standards = new LearnedStandards(this.tokenContracts)
  /** Each listener's token contracts, by record number (a record keeps its number while it has entries). */
  private readonly tokenContractsByListener = new Map<string, number[]>()
  private readonly chains = new Interner<number>()
  private readonly topic0s = new Interner<string>()
  private readonly listeners = new Interner<string>()
  /** Events of one topic0 and shape (argument types and indexing) decode a log alike: one decode serves them all. */
  private readonly shapes = new Interner<string>()
  private readonly shapeEvents: ParsedEvent[] = []
  /** Listeners share their parsed events (parseEventSignature): the shape of each is worked out once. */
  private readonly shapeByEvent = new WeakMap<ParsedEvent, number>()
  private readonly tokenArgs = new Interner<string>()
  private readonly tokenArgPositions: number[][] = []
  private readonly memo = new PerLogMemo()

  add(subscriptions: Subscription[]): void {
    const { entries } = this
    for (const subscription of subscriptions) {
      const record = this.tokenContracts.findOrAdd(subscription.contractAddress.toLowerCase())
      const entry = entries.allocate(subscription)
      const { chainId, event, tokenIds, roles } = subscription
      entries.setField(entry, EntryField.Chain, chainId === undefined ? 0 : this.chains.numberOf(chainId))
      entries.setField(entry, EntryField.Topic0, this.topic0s.numberOf(event.topicHash.toLowerCase()))
      entries.setField(entry, EntryField.Topics, topicCount(event))
      entries.setField(entry, EntryField.Shape, this.shapeOf(event))
      const filtersTokenIds = tokenIds !== undefined && roles.tokenIdArgs.length > 0
      entries.setField(entry, EntryField.TokenArgs, filtersTokenIds ? this.tokenArgsOf(roles.tokenIdArgs) : -1)
      entries.setField(entry, EntryField.TokenBits, filtersTokenIds ? tokenIdBits(tokenIds) : 0)
      entries.setField(entry, EntryField.Listener, this.listeners.numberOf(subscription.listenerId))
      const tail = this.tokenContracts.field(record, TokenContractField.Tail)
      if (tail < 0) this.tokenContracts.setField(record, TokenContractField.Head, entry)
      else entries.setField(tail, EntryField.Next, entry)
      this.tokenContracts.setField(record, TokenContractField.Tail, entry)
      const contracts = this.tokenContractsByListener.get(subscription.listenerId)
      if (!contracts) this.tokenContractsByListener.set(subscription.listenerId, [record])
      else if (!contracts.includes(record)) contracts.push(record)
    }
  }

  remove(listenerId: string): void {
    const listener = this.listeners.existing(listenerId)
    const { entries } = this
    for (const record of this.tokenContractsByListener.get(listenerId) ?? []) {
      let head = this.tokenContracts.field(record, TokenContractField.Head)
      let kept = -1
      for (let entry = head; entry >= 0;) {
        const next = entries.field(entry, EntryField.Next)
        if (entries.field(entry, EntryField.Listener) !== listener) kept = entry
        else {
          if (kept < 0) head = next
          else entries.setField(kept, EntryField.Next, next)
          entries.release(entry)
        }
        entry = next
      }
      if (head < 0) {
        this.standards.forget(record)
        this.tokenContracts.delete(record)
      } else {
        this.tokenContracts.setField(record, TokenContractField.Head, head)
        this.tokenContracts.setField(record, TokenContractField.Tail, kept)
      }
    }
    this.tokenContractsByListener.delete(listenerId)
    this.listeners.forget(listenerId)
  }

  get listenerCount(): number {
    return this.tokenContractsByListener.size
  }

  /** At most one match per listener: a log is one delivery even when two listened signatures fit it. */
  match(chainId: number, log: LogToMatch): Match[] {
    const topic0 = log.topics[0]?.toLowerCase()
    if (!topic0) return []
    const contract = this.tokenContracts.find(log.address)
    if (contract < 0) return []
    const chain = this.chains.numberOf(chainId)
    const shown = standardShownBy(log.topics)
    if (shown) this.standards.learn(contract, chain, shown)
    const topic0Number = this.topic0s.existing(topic0)
    const topics = log.topics.length
    const { entries } = this
    const { memo } = this
    memo.reset()
    let byListener: Map<number, Match[]> | undefined
    const head = topic0Number === 0 ? -1 : this.tokenContracts.field(contract, TokenContractField.Head)
    for (let entry = head; entry >= 0; entry = entries.field(entry, EntryField.Next)) {
      if (
        entries.field(entry, EntryField.Topic0) !== topic0Number ||
        entries.field(entry, EntryField.Topics) !== topics
      )
        continue
      const entryChain = entries.field(entry, EntryField.Chain)
      if (entryChain !== 0 && entryChain !== chain) continue
      const shape = entries.field(entry, EntryField.Shape)
      const decoded = memo.decodedFor(shape, this.shapeEvents[shape]!, log.topics, log.data)
      if (!decoded) continue
      const tokenArgs = entries.field(entry, EntryField.TokenArgs)
      if (
        tokenArgs >= 0 &&
        (memo.tokenIdBitsFor(decoded, tokenArgs, this.tokenArgPositions[tokenArgs]!) &
          entries.field(entry, EntryField.TokenBits)) ===
          0
      )
        continue
      const subscription = entries.value(entry)
      if (!passesArgumentFilters(subscription, decoded.args)) continue
      const listener = entries.field(entry, EntryField.Listener)
      const matches = (byListener ??= new Map()).get(listener) ?? []
      matches.push({ subscription, decoded, contractType: subscription.roles.contractType })
      byListener.set(listener, matches)
    }
    if (!byListener) return []
    const known = this.standards.known(contract, chain)
    return [...byListener.values()].map((matches) => {
      const best = matches.find((match) => match.contractType === known) ?? matches[0]!
      return best.contractType === ContractType.UNKNOWN && known && best.subscription.roles.ambiguousStandard
        ? { ...best, contractType: known }
        : best
    })
  }

  private shapeOf(event: ParsedEvent): number {
    let shape = this.shapeByEvent.get(event)
    if (shape === undefined) {
      shape = this.shapes.numberOf(`${event.topicHash}|${event.types.join()}|${event.indexed.join()}`)
      this.shapeEvents[shape] ??= event
      this.shapeByEvent.set(event, shape)
    }
    return shape
  }

  private tokenArgsOf(positions: number[]): number {
    const number = this.tokenArgs.numberOf(positions.join())
    this.tokenArgPositions[number] ??= positions
    return number
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
