import { createHmac, createSecretKey, randomBytes } from 'node:crypto'
import { formatSecret, secretKeyBytes, signatureOfBase64, signedPrefix } from '../../receiver/standard-webhooks.js'

/** Standard Webhooks secrets: "whsec_" + base64 of 32 random bytes. */
export function generateSigningSecret(): string {
  return formatSecret(randomBytes(32))
}

/** The webhook-signature header value: "v1,<base64 HMAC-SHA256 of `${id}.${timestamp}.${body}`>". */
export function signWebhook(secret: string, id: string, timestampSeconds: number, body: string): string {
  // Node's HMAC takes the strings as UTF-8 as they are: no copy of the body into one buffer, about a third of the
  // time of signing the joined bytes. Given the key as bytes, it first tries them as a KeyObject and as a CryptoKey,
  // each by catching an error: 14 µs a signature on Node 24, against 3 µs for a KeyObject.
  return signatureOfBase64(
    createHmac('sha256', createSecretKey(secretKeyBytes(secret)))
      .update(signedPrefix(id, timestampSeconds))
      .update(body)
      .digest('base64'),
  )
}

/** The Standard Webhooks request headers for one delivery attempt. */
export function webhookHeaders(
  secret: string,
  id: string,
  timestampSeconds: number,
  body: string,
): Record<string, string> {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': signWebhook(secret, id, timestampSeconds, body),
  }
}
