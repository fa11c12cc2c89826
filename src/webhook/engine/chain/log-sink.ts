import { validateWebhookPayload } from '../../../validate/index.js'
import type { PayloadValidator } from '../../receiver/payload-validator.js'
import type { DeliveryWorker } from '../delivery/delivery.js'
import type { MatchingIndex } from '../matching/matching-index.js'
import type { LogSink } from './event-source.js'
import { enqueueMatchingLogs } from './ingest.js'

export interface MatchingLogSinkOptions {
  index: MatchingIndex
  validatePayload: PayloadValidator | undefined
  worker: Pick<DeliveryWorker, 'wake'>
}

/** The sink every source feeds: matched logs queued in the source's transaction, every engine told (enqueueDeliveries). */
export function matchingLogSink({ index, validatePayload, worker }: MatchingLogSinkOptions): LogSink {
  const validate = validatePayload ?? validateWebhookPayload
  return {
    enqueue: (tx, chainId, logs) => enqueueMatchingLogs(tx, index, validate, chainId, logs),
    committed: () => worker.wake(),
  }
}
