/** What a request hook sees, before each attempt is sent; it may change `headers`. */
export interface CallRequest {
  /** The RIDL service name, e.g. `Marketplace`. */
  readonly service: string
  /** The RIDL method name, e.g. `GetOrders`. */
  readonly method: string
  readonly url: string
  /** The headers about to be sent; a hook may add or change them. */
  readonly headers: Record<string, string>
  /** The JSON request body. */
  readonly body: string
  /** 1 for the first attempt, 2 for the first retry, … */
  readonly attempt: number
}

/** What a response hook sees, once per attempt that got an HTTP answer (error answers included). */
export interface CallResponse {
  readonly service: string
  readonly method: string
  readonly url: string
  readonly attempt: number
  readonly status: number
  readonly headers: Headers
  /** The response body as text. */
  readonly body: string
}

/** How a call retries: only transport failures and HTTP 429, 502, 503, 504, only on safe methods. */
export interface RetryOptions {
  /** Attempts in all, the first included; default 3. */
  readonly attempts?: number
  /** The first backoff ceiling; each retry doubles it, with full jitter; default 200. */
  readonly baseDelayMs?: number
  /** No wait is longer; a `Retry-After` asking for longer ends the retries instead; default 5,000. */
  readonly maxDelayMs?: number
}

/** What a client checks every response body against: the package's precompiled JSON Schema validators. */
export type ValidateResponses = 'off' | 'warn' | 'throw'

/**
 * Options of every call, given to a client (for all its calls) or to one call (which wins; hooks of both
 * run, the client's first). Everything is off by default.
 */
export interface BaseCallOptions {
  /** Rejects with TimeoutError when the call, retries included, has not answered in time. */
  readonly timeoutMs?: number
  /** Retries transport failures and 429/502/503/504 on the methods the schema marks `@safe` (reads); `true` for the defaults. */
  readonly retry?: boolean | RetryOptions
  /** Called before each attempt is sent. */
  readonly onRequest?: (request: CallRequest) => void | Promise<void>
  /** Called after each attempt that got an HTTP answer, before it is decoded. */
  readonly onResponse?: (response: CallResponse) => void | Promise<void>
  /**
   * Checks each successful response body against the operation's JSON Schema: `'warn'` logs with
   * console.warn, `'throw'` rejects with WebrpcBadResponseError. The validators load (a dynamic import)
   * only when this is on.
   */
  readonly validateResponses?: ValidateResponses
}

/** Options of one call. */
export interface CallOptions extends BaseCallOptions {
  /** Extra headers (a plain object or Headers); `Content-Type`, `Webrpc`, `X-Access-Key` and `Authorization` stay the client's. */
  readonly headers?: object
  /** Aborting rejects the call with the signal's reason, as fetch does. */
  readonly signal?: AbortSignal
}

/**
 * @deprecated Headers as the second argument of a call, the stock webrpc shape `(args, headers, signal)`:
 * pass `{ headers, signal }` instead. Still accepted; removed in 1.0.
 */
export type DeprecatedCallHeaders = Headers | Readonly<Record<string, string>>

/** The options beyond headers and a signal: a call using any of them loads src/runtime/call-with-options.ts. */
const behaviourOptions = ['timeoutMs', 'retry', 'onRequest', 'onResponse', 'validateResponses'] as const
const optionNames: readonly string[] = [...behaviourOptions, 'headers', 'signal']

/** The call's options from either call shape: `(args, options)` or the deprecated `(args, headers, signal)`. */
export function callOptions(second: object | undefined, deprecatedSignal: AbortSignal | undefined): CallOptions {
  const deprecatedShape =
    deprecatedSignal !== undefined ||
    second instanceof Headers ||
    (second !== undefined && Object.keys(second).some((key) => !optionNames.includes(key)))
  return deprecatedShape ? { headers: second, signal: deprecatedSignal } : ((second ?? {}) as CallOptions)
}

/** Whether options switch on anything beyond headers and a signal (`retry: false` and `validateResponses: 'off'` do not). */
export const usesCallOptions = (options: BaseCallOptions): boolean =>
  behaviourOptions.some((name) => options[name] !== undefined && options[name] !== false && options[name] !== 'off')
