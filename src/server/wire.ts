/**
 * The host's own view of an HTTP exchange. Both adapters (fetch API and node:http) translate to it,
 * so the hot path never builds a WHATWG Request/Response it does not need.
 */
export interface HostRequest {
  method: string
  /** Path plus query, as sent. */
  url: string
  header(name: string): string | undefined
  /**
   * Reads the whole body as UTF-8 text, or reports it too large (without reading the rest) or not UTF-8;
   * at once when the body has arrived already.
   */
  readText(limit: number): string | BodyProblem | Promise<string | BodyProblem>
  /** Registers a listener for the client going away. */
  onAbort?(listener: () => void): void
}

export const bodyTooLarge = Symbol('body too large')
export const bodyNotUtf8 = Symbol('body not UTF-8')
export type BodyProblem = typeof bodyTooLarge | typeof bodyNotUtf8

export interface HostResponse {
  status: number
  headers: Readonly<Record<string, string>>
  body: string
}
