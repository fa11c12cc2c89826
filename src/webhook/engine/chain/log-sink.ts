import { invalidArgument, Problem } from '../../../values/problem.js'
import { answeringDocumentedErrors } from '../../../server/errors.js'
import type { Sql } from '../../../store/sql.js'
import { validateWebhookPayload } from '../../../validate/index.js'
import type { PayloadValidator } from '../../receiver/payload-validator.js'
import type { DeliveryWorker } from '../delivery/delivery.js'
import type { WebhookEngine } from '../engine-api.js'
import { announceQueuedDeliveries } from '../listeners/listener-changes.js'
import type { MatchingIndex } from '../matching/matching-index.js'
import type { LogSink } from './event-source.js'
import { enqueueMatchingLogs, sourceLogProblem } from './ingest.js'

export interface MatchingLogSinkOptions {
  index: MatchingIndex
  validatePayload: PayloadValidator | undefined
  worker: Pick<DeliveryWorker, 'wake'>
}

/** The sink every source feeds: matched logs queued in the source's transaction, every engine told. */
export function matchingLogSink({ index, validatePayload, worker }: MatchingLogSinkOptions): LogSink {
  const validate = validatePayload ?? validateWebhookPayload
  return {
    async enqueue(tx, chainId, logs) {
      const uids = await enqueueMatchingLogs(tx, index, validate, chainId, logs)
      if (uids.length > 0) await announceQueuedDeliveries(tx)
      return uids
    },
    committed: () => worker.wake(),
  }
}

/** WebhookEngine.ingest: one raw log, checked, through the sink in a transaction of its own. */
export function ingestOperation(sql: Sql, sink: LogSink): WebhookEngine['ingest'] {
  return answeringDocumentedErrors(async (chainId, log) => {
    if (!Number.isSafeInteger(chainId) || chainId <= 0) throw invalidArgument('chainId', 'not a positive integer')
    const problem = sourceLogProblem(log)
    if (problem) throw new Problem('invalid-argument', problem)
    const uids = await sql.transaction((tx) => sink.enqueue(tx, chainId, [log]))
    if (uids.length) sink.committed()
    return { uids }
  })
}
