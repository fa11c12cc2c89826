// web3-market-contract/webhook under import: src/webhook/index.ts, a missing optional peer reported in one line.
import type { WebhookVerificationError as VerificationError } from '../webhook/index.js'
import { loadWithPeers } from './peer-dependencies.js'

// The room's types, beside the values below: the values come from the module loaded at run time.
export type * from '../webhook/index.js'
// A class is a type too, which the value of the same name below hides from the line above.
export type WebhookVerificationError = VerificationError

const webhook = await loadWithPeers('./webhook', () => import('../webhook/index.js'))
export const {
  DEFAULT_RETRY_POLICY,
  FILTER_LIMITS,
  MAX_URL_LENGTH,
  WebhookVerificationError,
  createShardedWebhookEngine,
  createWebhookEngine,
  createWebhookReceiver,
  deliveryUid,
  expressWebhookHandler,
  fetchWebhookHandler,
  generateSigningSecret,
  memoryUidStore,
  nodeWebhookHandler,
  parseEventSignature,
  signWebhook,
  webhookHeaders,
} = webhook
