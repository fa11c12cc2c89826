import { WebhookEventType, type WebhookListener, type WebhookPayload } from '../../gen/indexer.gen.js'
import type { SourceLog } from '../webhook/engine/delivery/payload.js'
import { formatSignature, secretKeyBytes, signedContent } from '../webhook/receiver/standard-webhooks.js'

export type { SourceLog } from '../webhook/engine/delivery/payload.js'

export interface SignedDeliveryOptions {
  /** The listener as AddWebhookListener answered it, with its `secret`. */
  listener: WebhookListener
  /** The chain of the log (the listener's `<network>-indexer` chain). */
  chainId: number
  /** An on-chain log with its block and transaction facts. */
  log: SourceLog
  /**
   * BLOCK_ADDED (the default), or BLOCK_REMOVED: the delivery that takes back the log's first BLOCK_ADDED after
   * its block was dropped (docs/webhooks.md, "Reorganisations").
   */
  type?: WebhookEventType
  /** The webhook-timestamp, seconds since the epoch; now when absent. */
  timestampSeconds?: number
}

/** One delivery as the Indexer sends it: where, the Standard Webhooks headers, the exact body and its payload. */
export interface SignedDelivery {
  url: string
  headers: Record<string, string>
  body: string
  payload: WebhookPayload
  /** The delivery as a fetch Request (POST, JSON), for a fetch-style receiver or `fetch` itself. */
  request(): Request
}

async function hmacSha256(secret: string, content: Uint8Array<ArrayBuffer>): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey('raw', secretKeyBytes(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ])
  return new Uint8Array(await crypto.subtle.sign('HMAC', key, content))
}

/**
 * The signed delivery the Indexer would send to `listener` for `log` (docs/webhooks.md): the listener's filters
 * matched and the log decoded by the webhook engine's own code, the payload as the engine builds it, signed
 * with the listener's secret (Web Crypto, so it runs in browsers too). Throws when the log does not match.
 */
export async function signedDelivery(options: SignedDeliveryOptions): Promise<SignedDelivery> {
  const { listener, chainId, log } = options
  if (!listener.secret)
    throw new Error('the listener has no secret: pass the listener as AddWebhookListener answered it')
  // The webhook engine's matching and decoding (viem's ABI code) load with the first delivery built.
  const [{ normaliseFilters }, { subscriptionsOf }, { MatchingIndex }, { buildPayload, removedPayload }] =
    await Promise.all([
      import('../webhook/engine/listeners/filters.js'),
      import('../webhook/engine/listeners/listener-subscriptions.js'),
      import('../webhook/engine/matching/matching-index.js'),
      import('../webhook/engine/delivery/payload.js'),
    ])
  const index = new MatchingIndex()
  index.add(subscriptionsOf({ id: listener.id, chainId, filters: normaliseFilters(listener.filters).filters }))
  const [match] = index.match(chainId, log)
  if (!match) throw new Error(`the log of ${log.address} does not match the filters of listener ${listener.id}`)
  const added = buildPayload(chainId, log, match)
  const payload = options.type === WebhookEventType.BLOCK_REMOVED ? removedPayload(added) : added
  const body = JSON.stringify(payload)
  const id = payload.uid
  const timestamp = options.timestampSeconds ?? Math.floor(Date.now() / 1000)
  const signature = formatSignature(await hmacSha256(listener.secret, signedContent(id, timestamp, body)))
  const headers = {
    'content-type': 'application/json',
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signature,
  }
  return {
    url: listener.url,
    headers,
    body,
    payload,
    request: () => new Request(listener.url, { method: 'POST', headers, body }),
  }
}
