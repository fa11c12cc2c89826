/** The shape of the validators of src/validate (ajv standalone, JSON Schema of WebhookPayload). */
export type PayloadValidator = (
  value: unknown,
) => { ok: true } | { ok: false; issues: { path: string; keyword: string; message: string }[] }
