/** The key a method needs: every call sends X-Access-Key, secret-key calls also send Authorization (docs/auth.md). */
export type AuthKind = 'accessKey' | 'secretKey'

/** The headers a client sends for each kind of call, absent when a key for it is missing. Holds keys: keep it in a private field. */
export interface Credentials {
  readonly accessKey?: Readonly<Record<string, string>>
  readonly secretKey?: Readonly<Record<string, string>>
  /** The key values, removed from any error the client rejects with. */
  readonly secrets: readonly string[]
}

const given = (key: unknown): key is string => typeof key === 'string' && key !== ''

export function credentials(accessKey: string | undefined, secretKey: string | undefined): Credentials {
  const access = given(accessKey) ? { 'X-Access-Key': accessKey } : undefined
  return {
    accessKey: access,
    secretKey: access && given(secretKey) ? { ...access, Authorization: `BEARER ${secretKey}` } : undefined,
    secrets: [accessKey, secretKey].filter(given),
  }
}

/** Why a call fails on the client before sending: the key it needs was not given (docs/auth.md). */
export function missingCredentialCause(kind: AuthKind, method: string): string {
  return `${method} needs an accessKey${kind === 'secretKey' ? ' and a secretKey' : ''}, not given to the client`
}

/** Headers the client sets on every call, whatever a caller passes: per-call values are dropped in any letter case. */
const ownedHeaders = new Set(['content-type', 'webrpc', 'x-access-key', 'authorization'])

/** Per-call headers (a plain object or Headers) without the ones the client owns. */
export function perCallHeaders(headers: object | undefined): Record<string, string> {
  const result: Record<string, string> = {}
  const keep = (value: unknown, name: string) => {
    if (!ownedHeaders.has(name.toLowerCase())) result[name] = String(value)
  }
  if (headers instanceof Headers) headers.forEach(keep)
  else if (headers) for (const [name, value] of Object.entries(headers)) keep(value, name)
  return result
}

/** Removes the client's keys from an error (message, stack, cause, payload) before a caller can log or serialize it. */
export function redactCredentials(error: unknown, secrets: readonly string[]): unknown {
  if (!(error instanceof Error)) return error
  const fields = error as unknown as Record<string, unknown>
  for (const field of ['message', 'stack', 'cause', 'payload']) {
    const value = fields[field]
    // The payload (parsed from a response body) is redacted through its JSON, the other fields when they are strings.
    const text = field === 'payload' && value !== undefined ? JSON.stringify(value) : value
    if (typeof text === 'string' && secrets.some((secret) => text.includes(secret))) {
      const redacted = secrets.reduce((result, secret) => result.split(secret).join('[redacted]'), text)
      fields[field] = field === 'payload' ? JSON.parse(redacted) : redacted
    }
  }
  return error
}
