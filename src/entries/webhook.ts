// web3-market-contract/webhook under import: src/webhook/index.ts, a missing optional peer reported in one line.
import { loadWithPeers } from './peer-dependencies.js'

const webhook = await loadWithPeers('web3-market-contract/webhook', () => import('../webhook/index.js'))
export const {
  DEFAULT_RETRY_POLICY,
  FILTER_LIMITS,
  MAX_URL_LENGTH,
  WebhookVerificationError,
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
