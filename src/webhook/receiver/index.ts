/**
 * Receiving webhooks (`web3-market-contract/webhook/receiver`): Standard Webhooks signature check on Web
 * Crypto, timestamp window, WebhookPayload JSON Schema, dedupe by webhook-id. Only Web Crypto and the fetch
 * API at run time (no node:*, no delivery engine), so it runs on Node, Deno, Bun and edge runtimes.
 */
export {
  createWebhookReceiver,
  memoryUidStore,
  WebhookVerificationError,
  type HeaderLookup,
  type ReceiverResult,
  type WebhookReceiver,
  type WebhookReceiverOptions,
  type UidStore,
  type VerificationFailure,
} from './receiver.js'
export type { PayloadValidator } from './payload-validator.js'
export {
  fetchWebhookHandler,
  nodeWebhookHandler,
  expressWebhookHandler,
  type NodeRequestLike,
  type NodeResponseLike,
} from './receiver-adapters.js'
export type { WebhookPayload, WebhookPayloadEvent, WebhookRawLog } from '../../../gen/indexer.gen.js'
