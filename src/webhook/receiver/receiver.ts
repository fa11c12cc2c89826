import { WebhookEventType, type WebhookPayload } from '../../../gen/indexer.gen.js'
import { validateWebhookPayload } from '../../validate/webhook-payload.js'
import type { PayloadValidator } from './payload-validator.js'
import { describeIssues, type ValidationIssue } from '../../validate/validation-result.js'
import { createSignatureVerifier } from './signature-verify.js'

export type VerificationFailure =
  | 'missing_header'
  | 'invalid_timestamp'
  | 'timestamp_too_old'
  | 'timestamp_too_new'
  | 'invalid_signature'
  | 'invalid_json'
  | 'invalid_payload'
  | 'uid_mismatch'

/** Why a delivery was refused; `message` says exactly what failed. */
export class WebhookVerificationError extends Error {
  readonly status: number
  constructor(
    readonly reason: VerificationFailure,
    message: string,
    readonly issues: ValidationIssue[] = [],
  ) {
    super(message)
    this.name = 'WebhookVerificationError'
    this.status = reason === 'invalid_json' || reason === 'invalid_payload' || reason === 'uid_mismatch' ? 400 : 401
  }
}

/** Remembers handled uids. The default keeps the newest `capacity` in memory; use a shared store across processes. */
export interface UidStore {
  has(uid: string): boolean | Promise<boolean>
  add(uid: string): void | Promise<void>
}

export function memoryUidStore(capacity = 100_000): UidStore {
  const seen = new Set<string>()
  return {
    has: (uid) => seen.has(uid),
    add(uid) {
      seen.add(uid)
      if (seen.size > capacity) seen.delete(seen.values().next().value!)
    },
  }
}

export interface WebhookReceiverOptions {
  /** The listener's signing secret ("whsec_..."); several during a rotation. */
  secret: string | string[]
  /** Accepted distance between webhook-timestamp and now, in seconds (default 300). */
  toleranceSeconds?: number
  /** Default: the WebhookPayload JSON Schema of this package (src/validate/webhook-payload.ts). */
  validatePayload?: PayloadValidator
  /** Called once per uid with a verified, schema-valid BLOCK_ADDED payload; a throw answers 500 so the sender retries. */
  onDelivery: (payload: WebhookPayload) => unknown
  /**
   * Called once per uid with a BLOCK_REMOVED payload: undo the BLOCK_ADDED it takes back (docs/webhooks.md,
   * "Reorganisations"). Without it, a BLOCK_REMOVED is answered 200 and handed to no one (`ignored: true`).
   */
  onRemoved?: (payload: WebhookPayload) => unknown
  uids?: UidStore
  now?: () => number
}

export type HeaderLookup = (name: string) => string | undefined

export interface ReceiverResult {
  status: number
  body:
    | { ok: true; uid: string; duplicate: boolean; ignored?: true }
    | { ok: false; error: VerificationFailure | 'handler_failed'; message: string; issues?: unknown[] }
}

export interface WebhookReceiver {
  /** Verifies signature, timestamp and schema; resolves to the payload or rejects with WebhookVerificationError. */
  verify(body: string | Uint8Array, header: HeaderLookup): Promise<WebhookPayload>
  /** verify + dedupe + onDelivery, as an HTTP answer. */
  handle(body: string | Uint8Array, header: HeaderLookup): Promise<ReceiverResult>
}

export function createWebhookReceiver(options: WebhookReceiverOptions): WebhookReceiver {
  const signatures = createSignatureVerifier(Array.isArray(options.secret) ? options.secret : [options.secret])
  const tolerance = options.toleranceSeconds ?? 300
  const now = options.now ?? Date.now
  const uids = options.uids ?? memoryUidStore()
  const inFlight = new Map<string, Promise<ReceiverResult>>()

  async function verify(body: string | Uint8Array, header: HeaderLookup): Promise<WebhookPayload> {
    const id = header('webhook-id')
    const timestamp = header('webhook-timestamp')
    const signature = header('webhook-signature')
    for (const [name, value] of [
      ['webhook-id', id],
      ['webhook-timestamp', timestamp],
      ['webhook-signature', signature],
    ] as const) {
      if (!value) throw new WebhookVerificationError('missing_header', `header ${name} is missing`)
    }
    if (!/^\d{1,12}$/.test(timestamp!))
      throw new WebhookVerificationError('invalid_timestamp', `webhook-timestamp "${timestamp}" is not Unix seconds`)
    const drift = Math.floor(now() / 1000) - Number(timestamp)
    if (drift > tolerance)
      throw new WebhookVerificationError(
        'timestamp_too_old',
        `webhook-timestamp is ${drift}s old; tolerance is ${tolerance}s`,
      )
    if (drift < -tolerance)
      throw new WebhookVerificationError(
        'timestamp_too_new',
        `webhook-timestamp is ${-drift}s in the future; tolerance is ${tolerance}s`,
      )
    if (!(await signatures.matches(id!, Number(timestamp), body, signature!))) {
      throw new WebhookVerificationError(
        'invalid_signature',
        'webhook-signature does not match the body signed with the listener secret',
      )
    }
    let payload: unknown
    try {
      payload = JSON.parse(typeof body === 'string' ? body : new TextDecoder('utf-8', { fatal: true }).decode(body))
    } catch (error) {
      throw new WebhookVerificationError('invalid_json', `body is not JSON: ${(error as Error).message}`)
    }
    const verdict = (options.validatePayload ?? validateWebhookPayload)(payload)
    if (!verdict.ok) {
      throw new WebhookVerificationError(
        'invalid_payload',
        `payload does not match the WebhookPayload schema: ${describeIssues(verdict.issues)}`,
        verdict.issues,
      )
    }
    if ((payload as WebhookPayload).uid !== id)
      throw new WebhookVerificationError(
        'uid_mismatch',
        `webhook-id ${id} is not the payload uid ${(payload as WebhookPayload).uid}`,
      )
    return payload as WebhookPayload
  }

  async function deliverOnce(payload: WebhookPayload): Promise<ReceiverResult> {
    if (await uids.has(payload.uid)) return { status: 200, body: { ok: true, uid: payload.uid, duplicate: true } }
    const handler = payload.type === WebhookEventType.BLOCK_REMOVED ? options.onRemoved : options.onDelivery
    try {
      await handler?.(payload)
    } catch (error) {
      return { status: 500, body: { ok: false, error: 'handler_failed', message: (error as Error).message } }
    }
    await uids.add(payload.uid)
    const ignored = handler === undefined ? { ignored: true as const } : {}
    return { status: 200, body: { ok: true, uid: payload.uid, duplicate: false, ...ignored } }
  }

  return {
    verify,
    async handle(body, header) {
      let payload: WebhookPayload
      try {
        payload = await verify(body, header)
      } catch (error) {
        if (!(error instanceof WebhookVerificationError)) throw error
        const failure: ReceiverResult['body'] = { ok: false, error: error.reason, message: error.message }
        if (error.issues.length) failure.issues = error.issues
        return { status: error.status, body: failure }
      }
      // A retry that arrives while the first copy is still being handled waits for it instead of running twice.
      const running = inFlight.get(payload.uid)
      if (running)
        return running.then((result) =>
          result.status === 200 ? { status: 200, body: { ok: true, uid: payload.uid, duplicate: true } } : result,
        )
      const result = deliverOnce(payload).finally(() => inFlight.delete(payload.uid))
      inFlight.set(payload.uid, result)
      return result
    },
  }
}
