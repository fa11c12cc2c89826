/**
 * Delay before the next attempt after a failed attempt n (1-based):
 *   baseDelayMs * factor^(n-1), capped at maxDelayMs, then jittered by ±jitter (so receivers that
 *   come back are not hit by every sender at once).
 * Defaults: 5s, 15s, 45s, 2m15s, 6m45s, 20m15s, 1h, 3h, 6h: 10 attempts over about 10.5 hours.
 * A Retry-After answer (seconds or HTTP date) replaces the computed delay, capped at 24 hours.
 */
export interface RetryPolicy {
  maxAttempts: number
  baseDelayMs: number
  factor: number
  maxDelayMs: number
  /** Fraction of the delay added or removed at random (0.2 = ±20%). */
  jitter: number
}

export const MAX_RETRY_AFTER_MS = 24 * 3600_000

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxAttempts: 10,
  baseDelayMs: 5_000,
  factor: 3,
  maxDelayMs: 6 * 3600_000,
  jitter: 0.2,
}

export function retryDelayMs(policy: RetryPolicy, failedAttempt: number, random: () => number = Math.random): number {
  const exponential = Math.min(policy.maxDelayMs, policy.baseDelayMs * policy.factor ** (failedAttempt - 1))
  const jittered = exponential * (1 + policy.jitter * (2 * random() - 1))
  return Math.max(0, Math.round(Math.min(policy.maxDelayMs, jittered)))
}

/** Milliseconds a Retry-After header asks for, or undefined when absent or unreadable. */
export function parseRetryAfter(header: string | null | undefined, now: number): number | undefined {
  if (!header) return undefined
  const trimmed = header.trim()
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000
  const date = Date.parse(trimmed)
  return Number.isNaN(date) ? undefined : Math.max(0, date - now)
}
