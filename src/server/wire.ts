/**
 * The host's own view of an HTTP exchange. Both adapters (fetch API and node:http) translate to it,
 * so the hot path never builds a WHATWG Request/Response it does not need.
 */
export interface HostRequest {
  method: string
  /** Path plus query, as sent. */
  url: string
  header(name: string): string | undefined
  /** Reads the whole body, or reports that it exceeds `limit` bytes without reading the rest. */
  readBody(limit: number): Promise<Uint8Array | BodyTooLarge>
  /** Aborted when the client goes away. */
  signal?: AbortSignal
}

export const bodyTooLarge = Symbol('body too large')
export type BodyTooLarge = typeof bodyTooLarge

export interface HostResponse {
  status: number
  headers: Record<string, string>
  body: string
}
