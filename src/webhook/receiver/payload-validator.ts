import type { ValidationResult } from '../../validate/validation-result.js'

/** The shape of src/validate's validateWebhookPayload (ajv standalone, JSON Schema of WebhookPayload). */
export type PayloadValidator = (value: unknown) => ValidationResult
