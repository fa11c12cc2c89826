import type { WebhookEngineOptions } from '../engine-api.js'
import { DeliveryWorker, type DeliveryWorkerOptions } from './delivery.js'
import { createFetchSender, createHttpSender } from './http-sender.js'
import { DEFAULT_RETRY_POLICY } from './retry-schedule.js'

/** The longest wait for a receiver's answer when the engine's `attemptTimeoutMs` is not given. */
export const DEFAULT_ATTEMPT_TIMEOUT_MS = 10_000

type WorkerSettings = Pick<
  WebhookEngineOptions,
  'fetch' | 'allowPrivateTargets' | 'retry' | 'concurrency' | 'perListenerConcurrency' | 'idlePollMs'
>
type WorkerWiring = Omit<
  DeliveryWorkerOptions,
  'sender' | 'retry' | 'concurrency' | 'perListenerConcurrency' | 'idlePollMs'
>

/** The delivery worker with the engine's settings applied: its sender, retry policy and limits, defaults filled. */
export function configuredDeliveryWorker(settings: WorkerSettings, wiring: WorkerWiring): DeliveryWorker {
  return new DeliveryWorker({
    ...wiring,
    sender: settings.fetch ? createFetchSender(settings.fetch) : createHttpSender(settings.allowPrivateTargets),
    retry: { ...DEFAULT_RETRY_POLICY, ...settings.retry },
    concurrency: settings.concurrency ?? 16,
    perListenerConcurrency: settings.perListenerConcurrency ?? 4,
    idlePollMs: settings.idlePollMs ?? 1_000,
  })
}
