import type { ValidationResult } from '../validation-result.js'

/** The shape of src/validate's validateWebhookPayload (ajv standalone, JSON Schema of WebhookPayload). */
export type PayloadValidator = (value: unknown) => ValidationResult
