/**
 * Secret keys already verified, so a client that sends the same key with every call pays for one HMAC
 * check, not one per call. A key is remembered with its project and its `exp`; it is not trusted past
 * that second, as jose would not (a verified key's `nbf` has passed already, and a signature cannot change).
 */
export class VerifiedTokens<Value> {
  readonly #entries = new Map<string, { value: Value; expiresAt: number | undefined }>()

  /** At most `capacity` keys; the oldest is forgotten first. */
  constructor(private readonly capacity = 1000) {}

  /** The remembered value, `expired` once `exp` has passed (then forgotten), or undefined for an unknown key. */
  get(token: string, nowSeconds: number): Value | typeof expired | undefined {
    const entry = this.#entries.get(token)
    if (!entry) return undefined
    if (entry.expiresAt !== undefined && entry.expiresAt <= nowSeconds) {
      this.#entries.delete(token)
      return expired
    }
    return entry.value
  }

  remember(token: string, value: Value, expiresAt: number | undefined): void {
    if (this.#entries.size >= this.capacity) this.#entries.delete(this.#entries.keys().next().value!)
    this.#entries.set(token, { value, expiresAt })
  }
}

export const expired = Symbol('expired')

/** Seconds since the epoch, as JWT NumericDates and jose's checks count them. */
export const nowSeconds = (): number => Math.floor(Date.now() / 1000)
