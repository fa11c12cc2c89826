import { keccak256, stringToHex } from 'viem'
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
 * Deterministic delivery id: keccak-256 of "chainId:txnHash:txnLogIndex:listenerId". It does not
 * depend on the block, so a log re-mined in another block after a reorg keeps its uid.
 */
export function deliveryUid(chainId: number, transactionHash: string, txnLogIndex: number, listenerId: string): Hex {
  return keccak256(stringToHex(`${chainId}:${transactionHash.toLowerCase()}:${txnLogIndex}:${listenerId}`))
}

export function buildPayload(chainId: number, log: SourceLog, match: Match): WebhookPayload {
  const { subscription, decoded } = match
  const { event, roles } = subscription
  return {
    uid: deliveryUid(chainId, log.transactionHash, log.txnLogIndex, subscription.listenerId),
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
