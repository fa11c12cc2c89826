import { SignJWT } from 'jose'
import { afterEach, expect, it, vi } from 'vitest'
import { SessionExpiredError } from '../../gen/errors.gen.js'
import { jwtSecretKeyVerifier, projectClaim } from '../../src/server/auth.js'
import { expired, VerifiedTokens } from '../../src/server/verified-tokens.js'

const secret = 'verified-tokens-test-secret'
const keyExpiringAt = (exp: number, project = 7) =>
  new SignJWT({ [projectClaim]: project })
    .setProtectedHeader({ alg: 'HS256' })
    .setExpirationTime(exp)
    .sign(new TextEncoder().encode(secret))

afterEach(() => {
  vi.useRealTimers()
})

it('a remembered secret key expires at its exp second, as a fresh verification would say', async () => {
  const start = Date.UTC(2030, 0, 1) // a whole second
  vi.useFakeTimers({ toFake: ['Date'], now: start })
  const verify = jwtSecretKeyVerifier(secret)
  const key = await keyExpiringAt(start / 1000 + 60)
  expect(await verify(key)).toBe(7)
  vi.setSystemTime(start + 59_999)
  expect(await verify(key)).toBe(7)
  vi.setSystemTime(start + 60_000)
  await expect(verify(key)).rejects.toBeInstanceOf(SessionExpiredError)
  await expect(jwtSecretKeyVerifier(secret)(key)).rejects.toBeInstanceOf(SessionExpiredError)
})

it('forgets the oldest key beyond its capacity, and a key without exp only that way', () => {
  const tokens = new VerifiedTokens<number>(2)
  tokens.remember('a', 1, undefined)
  tokens.remember('b', 2, 100)
  tokens.remember('c', 3, undefined)
  expect(tokens.get('a', 0)).toBeUndefined()
  expect(tokens.get('b', 99)).toBe(2)
  expect(tokens.get('b', 100)).toBe(expired)
  expect(tokens.get('b', 0)).toBeUndefined()
  expect(tokens.get('c', Number.MAX_SAFE_INTEGER)).toBe(3)
})
