import { DeliveryWorker, type DeliveryWorkerOptions } from './delivery.js'
import { createFetchSender, createHttpSender } from './http-sender.js'
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from './retry-schedule.js'

/** The longest wait for a receiver's answer when the engine's `attemptTimeoutMs` is not given. */
export const DEFAULT_ATTEMPT_TIMEOUT_MS = 10_000

/** The engine's options that shape its delivery worker (WebhookEngineOptions extends them). */
export interface DeliverySettings {
  /**
   * Local mode: true lets listeners target loopback, private and link-local addresses (demos, tests,
   * one machine). A public deployment sets false, so the service cannot be aimed at its own network.
   */
  allowPrivateTargets: boolean
  /** Sends deliveries through this fetch (redirect: manual) instead of node:http with its address guard. */
  fetch?: typeof fetch
  retry?: Partial<RetryPolicy>
  /** Requests in flight at once (default 16), and to one listener (default 4). */
  concurrency?: number
  perListenerConcurrency?: number
  idlePollMs?: number
}
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
    concurrency: settings.concurrency ?? 16,
    perListenerConcurrency: settings.perListenerConcurrency ?? 4,
    idlePollMs: settings.idlePollMs ?? 1_000,
  })
}
