import { concatBytes } from '../../values/concat-bytes.js'

/**
 * The Standard Webhooks signature scheme, runtime-neutral (no node:*): the signer (Node, signature.ts)
 * and the Web Crypto verifier (signature-verify.ts) share these definitions.
 */

const SECRET_PREFIX = 'whsec_'
const SIGNATURE_VERSION = 'v1'

/** The key bytes of a "whsec_<base64>" secret (the prefix is optional). Throws on an empty or non-base64 secret. */
export function secretKeyBytes(secret: string): Uint8Array<ArrayBuffer> {
  const encoded = secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret
  const key = base64Bytes(encoded)
  if (!key || key.length === 0) throw new Error('signing secret is empty or not base64')
  return key
}

export function formatSecret(key: Uint8Array): string {
  return `${SECRET_PREFIX}${btoa(String.fromCharCode(...key))}`
}

/** What is signed comes first: `${id}.${timestamp}.`, then the exact body bytes (signedContent). */
export const signedPrefix = (id: string, timestampSeconds: number) => `${id}.${timestampSeconds}.`

/** What is signed: signedPrefix followed by the exact body bytes. */
export function signedContent(
  id: string,
  timestampSeconds: number,
  body: string | Uint8Array,
): Uint8Array<ArrayBuffer> {
  const prefix = new TextEncoder().encode(signedPrefix(id, timestampSeconds))
  return concatBytes([prefix, typeof body === 'string' ? new TextEncoder().encode(body) : body])
}

/** The webhook-signature header value for one MAC. */
export function formatSignature(mac: Uint8Array): string {
  return signatureOfBase64(btoa(String.fromCharCode(...mac)))
}

/** The webhook-signature header value for one MAC given in base64. */
export const signatureOfBase64 = (mac: string) => `${SIGNATURE_VERSION},${mac}`

/** The MACs of the space-separated "v1,<base64>" entries of a webhook-signature header (secret rotation sends several); other versions are skipped. */
export function signatureEntries(header: string): Uint8Array<ArrayBuffer>[] {
  const macs: Uint8Array<ArrayBuffer>[] = []
  for (const entry of header.split(' ')) {
    const [version, value] = entry.split(',', 2)
    const mac = version === SIGNATURE_VERSION && value ? base64Bytes(value) : undefined
    if (mac) macs.push(mac)
  }
  return macs
}

function base64Bytes(text: string): Uint8Array<ArrayBuffer> | undefined {
  let binary: string
  try {
    binary = atob(text)
  } catch {
    return undefined
  }
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes
}
