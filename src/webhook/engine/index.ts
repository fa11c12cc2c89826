/**
 * The webhook delivery engine (`web3-market-contract/webhook/engine`): matches chain logs against listeners,
 * decodes, signs and delivers them from a durable outbox. Node only; needs the optional peer viem
 * (`web3-market-contract/webhook/receiver` is the receiving side, on Web Crypto only).
 */
export { createWebhookEngine, type AddListenerScope, type WebhookEngine, type WebhookEngineOptions } from './engine.js'
export {
  createShardedWebhookEngine,
  type ShardedWebhookEngineOptions,
  type WebhookDatabase,
} from './shards/sharded-engine.js'
export type { ChainFollowerConfig } from './chain/follower.js'
export type { EventSource, EventSourceFactory, LogSink } from './chain/event-source.js'
export type { SourceLog } from './delivery/payload.js'
export type { InjectedBlock, InjectedLog, InjectedReorg, ListenerCallScope } from './engine-api.js'
export { deliveryUid } from './delivery/payload.js'
export type { PayloadValidator } from '../receiver/payload-validator.js'
export type { DeliveryReport } from './delivery/delivery-report.js'
export { DEFAULT_RETRY_POLICY, type RetryPolicy } from './delivery/retry-schedule.js'
export { parseEventSignature, type ParsedEvent } from './matching/event-signature.js'
export { FILTER_LIMITS } from './listeners/filters.js'
export { MAX_URL_LENGTH } from './listeners/url-policy.js'
export { signWebhook, webhookHeaders, generateSigningSecret } from './delivery/signature.js'
