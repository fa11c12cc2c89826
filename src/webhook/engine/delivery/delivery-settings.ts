import type { RetryPolicy } from './retry-schedule.js'

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
  /** Requests in flight at once, and to one listener (defaults: DEFAULT_CONCURRENCY, DEFAULT_PER_LISTENER_CONCURRENCY). */
  concurrency?: number
  perListenerConcurrency?: number
  idlePollMs?: number
}
