import { keccak256, stringToBytes } from 'viem'
import type { Hex } from '../../../values/hex.js'
import { WebhookEventType, type WebhookPayload } from '../../../../gen/indexer.gen.js'
import type { Match } from '../matching/matching-index.js'

/** A log with the block and transaction facts a delivery carries: what every event source hands in. */
export interface SourceLog {
  address: string
  topics: Hex[]
  data: Hex
  blockNumber: number
  blockHash: Hex
  parentBlockHash: Hex
  /** Block time, seconds since the epoch. */
  blockTimestamp: number
  transactionHash: Hex
  transactionIndex: number
  /** Position of the log within its transaction (the payload's txnLogIndex, docs/webhooks.md), not within the block. */
  txnLogIndex: number
}

/**
 * Deterministic delivery id of a log's first BLOCK_ADDED: keccak-256 of "chainId:txnHash:txnLogIndex:listenerId".
 * It does not depend on the block, so a log whose dropped copy was never sent keeps it when re-mined.
 */
export function deliveryUid(chainId: number, transactionHash: string, txnLogIndex: number, listenerId: string): Hex {
  return keccak256(stringToBytes(`${chainId}:${transactionHash.toLowerCase()}:${txnLogIndex}:${listenerId}`))
}

/**
 * The uid of a BLOCK_ADDED for a log mined again after a BLOCK_REMOVED took back its first one:
 * keccak-256 of "<first uid>:added:<blockHash>", so a receiver deduplicating by webhook-id accepts it.
 */
export function readdedUid(firstUid: string, blockHash: string): Hex {
  return keccak256(stringToBytes(`${firstUid}:added:${blockHash.toLowerCase()}`))
}

/** The uid of the BLOCK_REMOVED that takes back the BLOCK_ADDED `addedUid`: keccak-256 of "<addedUid>:removed". */
export function removedUid(addedUid: string): Hex {
  return keccak256(stringToBytes(`${addedUid}:removed`))
}

/** The BLOCK_REMOVED of a delivered BLOCK_ADDED: the same fields, its own type and uid. */
export function removedPayload(added: WebhookPayload): WebhookPayload {
  return { ...added, uid: removedUid(added.uid), type: WebhookEventType.BLOCK_REMOVED }
}

export function buildPayload(chainId: number, log: SourceLog, match: Match, uid?: string): WebhookPayload {
  const { subscription, decoded } = match
  const { event, roles } = subscription
  return {
    uid: uid ?? deliveryUid(chainId, log.transactionHash, log.txnLogIndex, subscription.listenerId),
    type: WebhookEventType.BLOCK_ADDED,
    blockNumber: log.blockNumber,
    blockHash: log.blockHash.toLowerCase(),
    parentBlockHash: log.parentBlockHash.toLowerCase(),
    contractAddress: subscription.contractAddress,
    contractType: match.contractType,
    txnHash: log.transactionHash.toLowerCase(),
    txnIndex: log.transactionIndex,
    txnLogIndex: String(log.txnLogIndex),
    ts: new Date(log.blockTimestamp * 1000).toISOString(),
    event: {
      topicHash: event.topicHash,
      eventSig: event.eventSig,
      types: event.types,
      names: event.names,
      values: decoded.values,
    },
    logDataType: roles.logDataType,
    rawLog: { data: log.data.toLowerCase(), topics: log.topics.map((topic) => topic.toLowerCase()) },
  }
}
