import type { RetryOptions } from './call-option-types.js'

/** The answers worth another attempt: rate limited, or a gateway or server briefly unavailable. */
const retryableStatuses = new Set([429, 502, 503, 504])

export const isRetryableStatus = (status: number): boolean => retryableStatuses.has(status)

/** The retry policy of a call: `undefined` when it does not retry (off, or a method not marked safe). */
export function retryPolicy(
  option: boolean | RetryOptions | undefined,
  safe: boolean,
): Required<RetryOptions> | undefined {
  if (!option || !safe) return undefined
  const given = option === true ? {} : option
  return { attempts: given.attempts ?? 3, baseDelayMs: given.baseDelayMs ?? 200, maxDelayMs: given.maxDelayMs ?? 5_000 }
}

/** Milliseconds a `Retry-After` header asks for (delay-seconds or an HTTP date), or undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (header === null || header.trim() === '') return undefined
  const seconds = Number(header)
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000)
  const date = Date.parse(header)
  return Number.isNaN(date) ? undefined : Math.max(0, date - now)
}

/**
 * How long to wait before attempt `attempt + 1`, or undefined to stop: the attempts are spent, or the
 * server's Retry-After asks for longer than `maxDelayMs`. Without Retry-After: full jitter over an
 * exponential ceiling (`random × min(max, base × 2^(attempt-1))`), so clients that failed together do
 * not retry together.
 */
export function retryDelayMs(
  policy: Required<RetryOptions>,
  attempt: number,
  retryAfter: number | undefined,
  random: () => number = Math.random,
): number | undefined {
  if (attempt >= policy.attempts) return undefined
  if (retryAfter !== undefined) return retryAfter <= policy.maxDelayMs ? retryAfter : undefined
  return random() * Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1))
}

/**
 * After a failed attempt (`status` undefined: no answer): waits and resolves true when the call should try
 * again, resolves false when it should reject. The client loads this module only then, so an app that never
 * retries never loads it.
 */
export async function waitToRetry(
  option: boolean | RetryOptions,
  safe: boolean,
  attempt: number,
  status: number | undefined,
  retryAfter: string | null,
  signal: AbortSignal | undefined,
): Promise<boolean> {
  const policy = retryPolicy(option, safe)
  if (!policy || (status !== undefined && !isRetryableStatus(status))) return false
  const delay = retryDelayMs(policy, attempt, retryAfterMs(retryAfter))
  if (delay === undefined) return false
  await wait(delay, signal)
  return true
}

/** Resolves after `ms`, or rejects with the signal's reason when it aborts first. */
export function wait(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const abort = () => {
      clearTimeout(timer)
      reject(signal!.reason)
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', abort)
      resolve()
    }, ms)
    if (signal?.aborted) abort()
    else signal?.addEventListener('abort', abort, { once: true })
  })
}
