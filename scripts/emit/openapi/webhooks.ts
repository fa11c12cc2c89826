const header = (name: string, description: string, pattern: string) => ({
  name,
  in: 'header',
  required: true,
  description,
  schema: { type: 'string', pattern },
})

/**
 * The OpenAPI 3.1 `webhooks` entry of the delivery (docs/webhooks.md): the POST the service makes to a
 * listener's url, its Standard Webhooks headers and signature scheme, the payload schema, and what a
 * receiver answers.
 */
export function webhookDelivery(payloadRef: string, example: unknown): Record<string, unknown> {
  return {
    post: {
      operationId: 'Indexer_WebhookDelivery',
      summary: 'An on-chain event delivered to a listener',
      description: [
        "The service POSTs one JSON payload to the `url` of each listener (AddWebhookListener) whose filters match an on-chain event, signed with the listener's secret (`listener.secret`, `whsec_<base64>`, shown once) per Standard Webhooks v1 (https://www.standardwebhooks.com/).",
        '',
        '**Signature:** `webhook-signature` holds space-separated `v1,<base64>` entries; each is the HMAC-SHA256, keyed with the base64-decoded part of the secret after `whsec_`, of `<webhook-id>.<webhook-timestamp>.<the exact body bytes>`. A receiver accepts the delivery when one entry matches (compare in constant time) and `webhook-timestamp` is within 5 minutes of its clock, then dedupes by `webhook-id` (the payload `uid`).',
        '',
        '**Answer:** any 2xx acknowledges the delivery. Any other status, no answer within 10 s or a refused connection is retried (5 s, 15 s, 45 s, … capped at 6 h, ±20 % jitter, 10 attempts), honouring Retry-After; 410 Gone disables the listener. Redirects are not followed.',
      ].join('\n'),
      parameters: [
        header('webhook-id', 'The delivery id: the payload `uid`; the same on every retry.', '^.+$'),
        header('webhook-timestamp', 'Seconds since the epoch when this attempt was signed.', '^[0-9]+$'),
        header(
          'webhook-signature',
          'Space-separated `v1,<base64 HMAC-SHA256>` signatures of `<webhook-id>.<webhook-timestamp>.<body>`.',
          '^v1,[A-Za-z0-9+/=]+( v1,[A-Za-z0-9+/=]+)*$',
        ),
      ],
      requestBody: {
        required: true,
        content: { 'application/json': { schema: { $ref: payloadRef }, example } },
      },
      responses: {
        200: { description: 'Acknowledged (any 2xx status): the delivery is done, never retried.' },
        400: { description: 'The payload breaks its schema: retried, as any answer but 2xx and 410.' },
        401: { description: 'The signature or timestamp did not verify: retried, as any answer but 2xx and 410.' },
        410: { description: 'Gone: the service disables the listener and sends it nothing more.' },
      },
      security: [],
    },
  }
}
