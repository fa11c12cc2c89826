import { DeliveryWorker, type DeliveryWorkerOptions } from './delivery.js'
import { createFetchSender, createHttpSender } from './http-sender.js'
import type { DeliverySettings } from './delivery-settings.js'
import { DEFAULT_RETRY_POLICY } from './retry-schedule.js'

/** The longest wait for a receiver's answer when the engine's `attemptTimeoutMs` is not given. */
export const DEFAULT_ATTEMPT_TIMEOUT_MS = 10_000
/**
 * Requests in flight at once per engine, and to one listener, when the engine's options do not say. The worker
 * claims and writes outcomes in batches that grow with its slots: at 32 rather than 16, PostgreSQL spends about a
 * quarter less CPU a delivery (BENCHMARKS.md, "Webhook unit costs against before").
 */
export const DEFAULT_CONCURRENCY = 32
export const DEFAULT_PER_LISTENER_CONCURRENCY = 4
export const DEFAULT_IDLE_POLL_MS = 1_000

type WorkerWiring = Omit<
  DeliveryWorkerOptions,
  'sender' | 'retry' | 'concurrency' | 'perListenerConcurrency' | 'idlePollMs'
>

/** The delivery worker with the engine's settings applied: its sender, retry policy and limits, defaults filled. */
export function configuredDeliveryWorker(settings: DeliverySettings, wiring: WorkerWiring): DeliveryWorker {
  return new DeliveryWorker({
    ...wiring,
    sender: settings.fetch ? createFetchSender(settings.fetch) : createHttpSender(settings.allowPrivateTargets),
    retry: { ...DEFAULT_RETRY_POLICY, ...settings.retry },
    concurrency: settings.concurrency ?? DEFAULT_CONCURRENCY,
    perListenerConcurrency: settings.perListenerConcurrency ?? DEFAULT_PER_LISTENER_CONCURRENCY,
    idlePollMs: settings.idlePollMs ?? DEFAULT_IDLE_POLL_MS,
  })
}
