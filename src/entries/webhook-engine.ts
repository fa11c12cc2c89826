// web3-market-contract/webhook/engine under import: src/webhook/engine/index.ts, a missing optional peer reported in one line.
import { loadWithPeers } from './peer-dependencies.js'

// The room's types, beside the values below: the values come from the module loaded at run time.
export type * from '../webhook/engine/index.js'

const engine = await loadWithPeers('./webhook/engine', () => import('../webhook/engine/index.js'))
export const {
  DEFAULT_RETRY_POLICY,
  FILTER_LIMITS,
  MAX_URL_LENGTH,
  createShardedWebhookEngine,
  createWebhookEngine,
  deliveryUid,
  generateSigningSecret,
  parseEventSignature,
  signWebhook,
  webhookHeaders,
} = engine
