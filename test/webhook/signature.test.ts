import { describe, expect, test } from 'vitest'
import { generateSigningSecret, signWebhook } from '../../src/webhook/index.js'

describe('Standard Webhooks signature', () => {
  test('matches the Standard Webhooks reference vector', () => {
    // The example of the Standard Webhooks specification's reference libraries.
    const signature = signWebhook(
      'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
      'msg_p5jXN8AQM9LWM0D4loKWxJek',
      1614265330,
      '{"test": 2432232314}',
    )
    expect(signature).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=')
  })

  test('secrets are whsec_ + base64 of 32 random bytes, different each time', () => {
    const [a, b] = [generateSigningSecret(), generateSigningSecret()]
    expect(a).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/)
    expect(Buffer.from(a.slice(6), 'base64')).toHaveLength(32)
    expect(a).not.toBe(b)
  })
})
