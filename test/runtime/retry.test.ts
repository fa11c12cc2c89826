import { describe, expect, it } from 'vitest'
import { retryAfterMs, retryDelayMs, retryPolicy } from '../../src/runtime/retry.js'

describe('retry policy (src/runtime/retry.ts)', () => {
  const policy = retryPolicy(true, true)!

  it('is off unless asked for, and never on a method not marked safe', () => {
    expect([retryPolicy(undefined, true), retryPolicy(false, true), retryPolicy(true, false)]).toEqual([
      undefined,
      undefined,
      undefined,
    ])
    expect(policy).toEqual({ attempts: 3, baseDelayMs: 200, maxDelayMs: 5_000 })
  })

  it('reads Retry-After as delay-seconds or an HTTP date', () => {
    const now = Date.parse('2026-01-01T00:00:00Z')
    expect(retryAfterMs('2', now)).toBe(2_000)
    expect(retryAfterMs('Thu, 01 Jan 2026 00:00:03 GMT', now)).toBe(3_000)
    expect(retryAfterMs('Wed, 31 Dec 2025 23:59:00 GMT', now)).toBe(0)
    expect([retryAfterMs(null), retryAfterMs(''), retryAfterMs('soon')]).toEqual([undefined, undefined, undefined])
  })

  it('waits a full-jitter share of a doubling ceiling, Retry-After when given, and stops after the attempts', () => {
    expect(retryDelayMs(policy, 1, undefined, () => 1)).toBe(200)
    expect(retryDelayMs(policy, 2, undefined, () => 0.5)).toBe(200)
    expect(retryDelayMs(policy, 2, undefined, () => 0)).toBe(0)
    expect(retryDelayMs({ ...policy, attempts: 10 }, 9, undefined, () => 1)).toBe(5_000)
    expect(retryDelayMs(policy, 1, 1_500)).toBe(1_500)
    expect(retryDelayMs(policy, 1, 6_000)).toBeUndefined()
    expect(retryDelayMs(policy, 3, undefined)).toBeUndefined()
  })
})
