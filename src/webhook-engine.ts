/**
 * The webhook delivery engine (`web3-market-contract/webhook/engine`): matches chain logs against listeners,
 * decodes, signs and delivers them from a durable outbox. Node only; needs the optional peer viem
 * (`web3-market-contract/webhook/receiver` is the receiving side, on Web Crypto only).
 */
export {
  createWebhookEngine,
  type AddListenerScope,
  type WebhookEngine,
  type WebhookEngineOptions,
} from './webhook/engine.js'
export type { ChainFollowerConfig } from './webhook/follower.js'
export type { EventSource, EventSourceFactory, LogSink } from './webhook/event-source.js'
export type { SourceLog } from './webhook/payload.js'
export { deliveryUid } from './webhook/payload.js'
export type { PayloadValidator } from './webhook/payload-validator.js'
export type { DeliveryReport } from './webhook/delivery-report.js'
export { DEFAULT_RETRY_POLICY, type RetryPolicy } from './webhook/retry-schedule.js'
export { parseEventSignature, type ParsedEvent } from './webhook/event-signature.js'
export { FILTER_LIMITS } from './webhook/filters.js'
export { MAX_URL_LENGTH } from './webhook/url-policy.js'
export { signWebhook, webhookHeaders, generateSigningSecret } from './webhook/signature.js'
