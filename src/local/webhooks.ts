import type { Sql } from '../store/sql.js'
import { createWebhookEngine, type WebhookEngine } from '../webhook/engine.js'
import { validateWebhookPayload } from './validation.js'

/**
 * The webhook engine in local mode: listeners may target loopback and private addresses, because the
 * local server's users point webhooks at their own machine. A public deployment passes false.
 */
export function localWebhookEngine(sql: Sql): Promise<WebhookEngine> {
  return createWebhookEngine({ sql, allowPrivateTargets: true, validatePayload: validateWebhookPayload })
}
