import { describe, expect, test } from 'vitest'
import { generateSigningSecret, signWebhook } from '../../../src/webhook/index.js'
import { createSignatureVerifier } from '../../../src/webhook/receiver/signature-verify.js'

// The example of the Standard Webhooks specification's reference libraries.
const vector = {
  secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
  timestamp: 1614265330,
  body: '{"test": 2432232314}',
  signature: 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
}

describe('Standard Webhooks signature', () => {
  test('matches the Standard Webhooks reference vector', () => {
    expect(signWebhook(vector.secret, vector.id, vector.timestamp, vector.body)).toBe(vector.signature)
  })

  test('the Web Crypto verifier accepts the reference vector (also among rotated entries and under a second secret), and nothing else', async () => {
    const verifier = createSignatureVerifier([generateSigningSecret(), vector.secret])
    const { id, timestamp, body, signature } = vector
    expect(await verifier.matches(id, timestamp, body, signature)).toBe(true)
    expect(await verifier.matches(id, timestamp, new TextEncoder().encode(body), signature)).toBe(true)
    expect(await verifier.matches(id, timestamp, body, `v1,AAAA v2,x ${signature}`)).toBe(true)
    expect(await verifier.matches(id, timestamp, `${body} `, signature)).toBe(false)
    expect(await verifier.matches(id, timestamp + 1, body, signature)).toBe(false)
    expect(await verifier.matches(id, timestamp, body, signature.replace('v1,', 'v2,'))).toBe(false)
    expect(await verifier.matches(id, timestamp, body, 'v1,not base64!')).toBe(false)
    expect(await createSignatureVerifier([generateSigningSecret()]).matches(id, timestamp, body, signature)).toBe(false)
  })

  test('a secret that is empty or not base64 is refused when the verifier is made', () => {
    expect(() => createSignatureVerifier(['whsec_'])).toThrow('signing secret is empty or not base64')
    expect(() => createSignatureVerifier(['whsec_%%%'])).toThrow('signing secret is empty or not base64')
  })

  test('secrets are whsec_ + base64 of 32 random bytes, different each time', () => {
    const [a, b] = [generateSigningSecret(), generateSigningSecret()]
    expect(a).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/)
    expect(Buffer.from(a.slice(6), 'base64')).toHaveLength(32)
    expect(a).not.toBe(b)
  })
})
