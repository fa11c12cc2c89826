import { secretKeyBytes, signatureEntries, signedContent } from './standard-webhooks.js'

/** Checks webhook-signature headers against a set of secrets with Web Crypto only (Node, Deno, Bun, edge workers). */
export interface SignatureVerifier {
  /** True when any entry of the header is the HMAC of the body under any of the secrets. */
  matches(id: string, timestampSeconds: number, body: string | Uint8Array, header: string): Promise<boolean>
}

export function createSignatureVerifier(secrets: readonly string[]): SignatureVerifier {
  // Decoded now, so a malformed secret fails at setup rather than on the first delivery.
  const keyBytes = secrets.map(secretKeyBytes)
  let keys: Promise<CryptoKey[]> | undefined
  const importKeys = () =>
    (keys ??= Promise.all(
      keyBytes.map((bytes) =>
        crypto.subtle.importKey('raw', bytes, { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']),
      ),
    ))
  return {
    async matches(id, timestampSeconds, body, header) {
      const macs = signatureEntries(header)
      if (macs.length === 0) return false
      const content = signedContent(id, timestampSeconds, body)
      for (const key of await importKeys())
        for (const mac of macs)
          // subtle.verify compares in constant time.
          if (await crypto.subtle.verify('HMAC', key, mac, content)) return true
      return false
    },
  }
}
