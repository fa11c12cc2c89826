export { createWebhookEngine, type AddListenerScope, type WebhookEngine, type WebhookEngineOptions } from './engine.js'
export type { ChainFollowerConfig } from './follower.js'
export type { EventSource, EventSourceFactory, LogSink } from './event-source.js'
export type { SourceLog } from './payload.js'
export { deliveryUid } from './payload.js'
export type { PayloadValidator } from './payload-validator.js'
export type { DeliveryReport } from './delivery-report.js'
export { DEFAULT_RETRY_POLICY, type RetryPolicy } from './retry-schedule.js'
export { parseEventSignature, type ParsedEvent } from './event-signature.js'
export { FILTER_LIMITS } from './filters.js'
export { MAX_URL_LENGTH } from './url-policy.js'
export { signWebhook, webhookHeaders, generateSigningSecret } from './signature.js'
export {
  createWebhookReceiver,
  memoryUidStore,
  WebhookVerificationError,
  type WebhookReceiver,
  type WebhookReceiverOptions,
  type UidStore,
  type VerificationFailure,
} from './receiver.js'
export { nodeWebhookHandler, expressWebhookHandler, fetchWebhookHandler } from './receiver-adapters.js'
