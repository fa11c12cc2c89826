import { isAddressShaped } from '../../../values/address.js'
import { hashPattern, hexPattern } from '../../../runtime/formats.js'
import type { Sql } from '../../../store/sql.js'
import type { MatchingIndex } from '../matching/matching-index.js'
import { enqueueDeliveries, type NewDelivery } from '../delivery/outbox.js'
import { buildPayload, deliveryUid, readdedUid, removedUid, type SourceLog } from '../delivery/payload.js'
import type { PayloadValidator } from '../../receiver/payload-validator.js'
import { describeIssues } from '../../../validate/validation-result.js'

/** Matches logs, builds and validates their payloads, and writes them to the outbox (one statement batch, caller's transaction). */
export async function enqueueMatchingLogs(
  sql: Sql,
  index: MatchingIndex,
  validate: PayloadValidator,
  chainId: number,
  logs: SourceLog[],
): Promise<string[]> {
  const matched = logs.flatMap((log) =>
    index.match(chainId, log).map((match) => {
      const firstUid = deliveryUid(chainId, log.transactionHash, log.txnLogIndex, match.subscription.listenerId)
      return { log, match, firstUid }
    }),
  )
  const build = (taken: ReadonlySet<string>) =>
    matched.map(({ log, match, firstUid }): NewDelivery => {
      const uid = taken.has(firstUid) ? readdedUid(firstUid, log.blockHash) : firstUid
      const payload = buildPayload(chainId, log, match, uid)
      const verdict = validate(payload)
      return {
        uid: payload.uid,
        listenerId: match.subscription.listenerId,
        chainId,
        blockNumber: log.blockNumber,
        blockHash: payload.blockHash,
        body: JSON.stringify(payload),
        state: verdict.ok ? 'pending' : 'failed',
        lastError: verdict.ok ? undefined : `payload does not match its JSON Schema: ${describeIssues(verdict.issues)}`,
      }
    })
  // Built as first deliveries, queued unless a BLOCK_REMOVED took one back (its log was mined again): then those are
  // built again under their new uids. The lookup rides in the statement that queues, so a log costs one.
  const firstOf = new Map<string, string>(matched.map(({ firstUid }) => [removedUid(firstUid), firstUid]))
  let enqueued = await enqueueDeliveries(sql, build(new Set()), { unlessPresent: [...firstOf.keys()] })
  if (enqueued.present.length > 0)
    enqueued = await enqueueDeliveries(sql, build(new Set(enqueued.present.map((uid) => firstOf.get(uid)!))))
  return enqueued.queued.filter((delivery) => delivery.state === 'pending').map((delivery) => delivery.uid)
}

const HEX_BYTES = new RegExp(hexPattern)
const HASH = new RegExp(hashPattern)

/** Checks a raw log handed to the local ingestion path; returns what is wrong, or undefined. */
export function sourceLogProblem(log: unknown): string | undefined {
  if (typeof log !== 'object' || log === null) return 'log: required object'
  const l = log as Record<string, unknown>
  if (!isAddressShaped(l.address)) return 'log.address: not an address'
  if (!Array.isArray(l.topics) || l.topics.length === 0 || l.topics.length > 4)
    return 'log.topics: 1 to 4 topics required'
  const badTopic = l.topics.findIndex((topic) => typeof topic !== 'string' || !HASH.test(topic))
  if (badTopic >= 0) return `log.topics[${badTopic}]: not a 32-byte hex hash`
  if (typeof l.data !== 'string' || !HEX_BYTES.test(l.data)) return 'log.data: not hex bytes'
  for (const key of ['blockHash', 'parentBlockHash', 'transactionHash'] as const) {
    if (typeof l[key] !== 'string' || !HASH.test(l[key] as string)) return `log.${key}: not a 32-byte hex hash`
  }
  for (const key of ['blockNumber', 'blockTimestamp', 'transactionIndex', 'txnLogIndex'] as const) {
    if (!Number.isSafeInteger(l[key]) || (l[key] as number) < 0) return `log.${key}: not a non-negative integer`
  }
  if ((l.blockTimestamp as number) > MAX_TIMESTAMP_SECONDS) return 'log.blockTimestamp: later than year 9999'
  return undefined
}

const MAX_TIMESTAMP_SECONDS = 253_402_300_799
