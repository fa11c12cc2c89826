import { isWebhookPayload } from '../../gen/validators/indexer.js'
import type { ValidationResult } from './validation-result.js'
import { validationResult } from './issues.js'

/**
 * Validates a webhook delivery payload (docs/webhooks.md; open to new fields). The type guard is `isWebhookPayload`.
 * Imports the Indexer's validators only, so the webhook receiver does not bundle the other services'.
 */
export function validateWebhookPayload(value: unknown): ValidationResult {
  return validationResult(isWebhookPayload, value)
}
