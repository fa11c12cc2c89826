import { type BaseCallOptions, type CallOptions, callOptions, usesCallOptions } from './call-option-types.js'
import {
  type AuthKind,
  type Credentials,
  credentials,
  missingCredentialCause,
  perCallHeaders,
  redactCredentials,
} from './credentials.js'
import {
  type ErrorClassesByCode,
  badResponse,
  badResponseCode,
  errorFromResponseText,
  errorOfCode,
  jsonObject,
  requestFailedCode,
  timeoutCode,
  unauthorizedCode,
} from './errors.js'
import type { Answer, OutgoingRequest } from './call-with-options.js'
import { type ServiceRoute, serviceUrl } from './routing.js'
import type { ResponseValidatorsLoader } from './validate-response.js'

/** The fetch a client calls: the global one by default. Typed without DOM-only names, so Node-only projects compile it. */
export type Fetch = (input: string, init?: RequestInit) => Promise<Response>

/** What differs per service for the client runtime; generated next to each client class. */
export interface ServiceDescriptor {
  /** The service name of the RIDL, also the path segment of `/rpc/<name>/<Method>`. */
  readonly name: string
  /** The service's key in schema/networks.json and in `urls` (lower camel case). */
  readonly key: string
  /** The `Webrpc` header value the generator stamps on requests. */
  readonly webrpcHeader: string
  /** The error classes a response body decodes to. */
  readonly errors: ErrorClassesByCode
  /** Where the service lives; without it the caller passes the whole address as `url`. */
  readonly route?: ServiceRoute
  /** The key each method needs (docs/auth.md); without it no credentials are sent. */
  readonly auth?: Readonly<Record<string, AuthKind>>
  /** The methods the schema marks `@safe` (reads without side effects): the only ones a call retries. */
  readonly safeMethods?: readonly string[]
  /** Loads the service's precompiled response validators; called once, when `validateResponses` is first on. */
  readonly responseValidators?: ResponseValidatorsLoader
}

export interface ServiceClientOptions extends BaseCallOptions {
  network?: string
  url?: string
  fetch?: Fetch
  accessKey?: string
  secretKey?: string
}

const needsSecretKey = (auth: ServiceDescriptor['auth']): boolean =>
  auth !== undefined && Object.values(auth).includes('secretKey')

/** The behaviour every generated client shares: the address, the request, credentials, call options and the decoding of answers. */
export class ServiceClient {
  readonly #service: ServiceDescriptor
  readonly #url: string
  readonly #fetch: Fetch
  readonly #credentials: Credentials
  /** The client's options: keys too, so private as #credentials is. */
  readonly #clientOptions: BaseCallOptions

  constructor(service: ServiceDescriptor, options: ServiceClientOptions) {
    this.#service = service
    const base = service.route
      ? // The generated client has checked the network (assertNetwork) before it gets here.
        serviceUrl(service.key, service.route, options.network, options.url, String)
      : (options.url ?? '')
    this.#url = `${base.replace(/\/*$/, '')}/rpc/${service.name}/`
    const fetch = options.fetch
    if (typeof (fetch ?? globalThis.fetch) !== 'function')
      throw new TypeError(`${service.name}: no global fetch; pass options.fetch`)
    // The global fetch is looked up per call: a mock that replaces it later (msw/node's setupServer().listen()
    // in a beforeAll) still sees clients made at import time.
    this.#fetch = (input, init) => (fetch ?? globalThis.fetch)(input, init)
    this.#credentials = credentials(options.accessKey, needsSecretKey(service.auth) ? options.secretKey : undefined)
    this.#clientOptions = options
  }

  /**
   * POSTs one call, with `(args, options)` or the deprecated `(args, headers, signal)`. Rejects with the
   * service's error classes (never with a key in the error), with the signal's reason when the caller
   * aborts, and with TimeoutError when `timeoutMs` runs out.
   */
  async call<Result>(
    method: string,
    args: object | undefined,
    second?: CallOptions | object,
    deprecatedSignal?: AbortSignal,
  ): Promise<Result> {
    const options = callOptions(second, deprecatedSignal)
    const clientOptions = this.#clientOptions
    const service = this.#service
    const { auth, name, errors } = service
    const kind = auth?.[method]
    const keyHeaders = kind ? this.#credentials[kind] : {}
    try {
      if (!keyHeaders)
        throw errorOfCode(errors, unauthorizedCode, { cause: missingCredentialCause(kind!, `${name}.${method}`) })
      const request: OutgoingRequest = {
        method,
        url: this.#url + method,
        headers: perCallHeaders(options.headers),
        body: JSON.stringify(args ?? {}),
      }
      const send = (sent: OutgoingRequest, signal: AbortSignal | undefined) => this.#send(sent, keyHeaders, signal)
      if (!usesCallOptions(clientOptions) && !usesCallOptions(options))
        return this.#result(await send(request, options.signal)) as Result
      const { callWithOptions } = await import('./call-with-options.js')
      return (await callWithOptions({
        request,
        options,
        base: clientOptions,
        service,
        send,
        result: this.#result,
        timeoutError: (cause) => errorOfCode(errors, timeoutCode, { cause }),
        badResponseError: (cause) => errorOfCode(errors, badResponseCode, { status: 200, cause }),
      })) as Result
    } catch (error) {
      throw redactCredentials(error, this.#credentials.secrets)
    }
  }

  /** The result of an answer, or throws its error: a failed request, an error body, or a body that is no JSON object. */
  readonly #result = (answer: Answer): object => {
    const { errors } = this.#service
    if (!answer.response) throw errorOfCode(errors, requestFailedCode, { cause: answer.failure })
    const { response, text } = answer
    if (!response.ok) throw errorFromResponseText(errors, response.status, text)
    const result = jsonObject(text)
    if (!result) throw badResponse(errors, response.status, text)
    return result
  }

  /** One attempt: the answer and its body, or why no answer came; an abort rejects with the signal's reason. */
  async #send(
    request: OutgoingRequest,
    keyHeaders: Readonly<Record<string, string>>,
    signal: AbortSignal | undefined,
  ): Promise<Answer> {
    try {
      const response = await this.#fetch(request.url, {
        method: 'POST',
        // Set after the hooks ran, so no hook sees a key or changes what the client owns.
        headers: {
          ...perCallHeaders(request.headers),
          ...keyHeaders,
          'Content-Type': 'application/json',
          Webrpc: this.#service.webrpcHeader,
        },
        body: request.body,
        signal,
      })
      return { response, text: await response.text() }
    } catch (error) {
      if (signal?.aborted) throw signal.reason
      return { failure: `fetch(): ${(error as Error | undefined)?.message ?? ''}` }
    }
  }
}
