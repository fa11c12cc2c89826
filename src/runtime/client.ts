import {
  type CallDefaults,
  type CallOptions,
  type CallRequest,
  type CallResponse,
  callOptions,
  runHooks,
  type ValidateResponses,
} from './call-options.js'
import { callSignal } from './call-signal.js'
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
import { isRetryableStatus, retryAfterMs, retryDelayMs, retryPolicy, wait } from './retry.js'
import { type ServiceRoute, serviceUrl } from './routing.js'

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
  readonly responseValidators?: () => Promise<{ readonly responseValidators: ResponseValidators }>
}

/** A precompiled validator of a response body; `errors` explains its last failure. */
export type ResponseValidator = ((value: unknown) => boolean) & {
  readonly errors?: readonly { readonly instancePath: string; readonly message?: string }[] | null
}

export type ResponseValidators = Readonly<Record<string, ResponseValidator>>

export interface ServiceClientOptions extends CallDefaults {
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
  readonly #defaults: CallDefaults
  #validators?: Promise<{ readonly responseValidators: ResponseValidators }>

  constructor(service: ServiceDescriptor, options: ServiceClientOptions) {
    this.#service = service
    const base = service.route
      ? // The generated client has checked the network (assertNetwork) before it gets here.
        serviceUrl(service.key, service.route, options.network, options.url, String)
      : (options.url ?? '')
    this.#url = `${base.replace(/\/*$/, '')}/rpc/${service.name}/`
    const fetch = options.fetch ?? globalThis.fetch
    if (typeof fetch !== 'function') throw new TypeError(`${service.name}: no global fetch; pass options.fetch`)
    this.#fetch = (input, init) => fetch(input, init)
    this.#credentials = credentials(options.accessKey, needsSecretKey(service.auth) ? options.secretKey : undefined)
    const { timeoutMs, retry, onRequest, onResponse, validateResponses } = options
    this.#defaults = { timeoutMs, retry, onRequest, onResponse, validateResponses }
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
    legacySignal?: AbortSignal,
  ): Promise<Result> {
    const options = callOptions(second, legacySignal)
    const defaults = this.#defaults
    const { auth, name, errors, safeMethods } = this.#service
    const kind = auth?.[method]
    const keyHeaders = kind ? this.#credentials[kind] : {}
    const timeoutMs = options.timeoutMs ?? defaults.timeoutMs
    const policy = retryPolicy(options.retry ?? defaults.retry, safeMethods?.includes(method) ?? false)
    const scope = callSignal(options.signal, timeoutMs)
    try {
      if (!keyHeaders)
        throw errorOfCode(errors, unauthorizedCode, { cause: missingCredentialCause(kind!, `${name}.${method}`) })
      const url = this.#url + method
      const body = JSON.stringify(args ?? {})
      for (let attempt = 1; ; attempt++) {
        const request: CallRequest = {
          service: name,
          method,
          url,
          headers: perCallHeaders(options.headers),
          body,
          attempt,
        }
        await runHooks(request, defaults.onRequest, options.onRequest)
        const answer = await this.#send(request, keyHeaders, scope.signal)
        if ('failure' in answer) {
          const delay = policy && retryDelayMs(policy, attempt, undefined)
          if (delay === undefined) throw errorOfCode(errors, requestFailedCode, { cause: answer.failure })
          await wait(delay, scope.signal)
          continue
        }
        const { response, text } = answer
        const seen: CallResponse = { ...request, status: response.status, headers: response.headers, body: text }
        await runHooks(seen, defaults.onResponse, options.onResponse)
        if (response.ok) {
          const result = jsonObject(text)
          if (!result) throw badResponse(errors, response.status, text)
          await this.#validate(method, result, options.validateResponses ?? defaults.validateResponses)
          return result as Result
        }
        const delay =
          policy && isRetryableStatus(response.status)
            ? retryDelayMs(policy, attempt, retryAfterMs(response.headers.get('Retry-After')))
            : undefined
        if (delay === undefined) throw errorFromResponseText(errors, response.status, text)
        await wait(delay, scope.signal)
      }
    } catch (error) {
      const cause = `${name}.${method}: no answer within ${timeoutMs} ms (timeoutMs)`
      throw redactCredentials(
        scope.timedOut() ? errorOfCode(errors, timeoutCode, { cause }) : error,
        this.#credentials.secrets,
      )
    } finally {
      scope.dispose()
    }
  }

  /** One attempt: the answer and its body, or why no answer came; an abort rejects with the signal's reason. */
  async #send(
    request: CallRequest,
    keyHeaders: Readonly<Record<string, string>>,
    signal: AbortSignal,
  ): Promise<{ response: Response; text: string } | { failure: string }> {
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
      if (signal.aborted) throw signal.reason
      return { failure: `fetch(): ${(error as Error | undefined)?.message ?? ''}` }
    }
  }

  /** Checks a response body against the method's JSON Schema when `mode` asks for it. */
  async #validate(method: string, body: object, mode: ValidateResponses | undefined): Promise<void> {
    const load = this.#service.responseValidators
    if (!mode || mode === 'off' || !load) return
    this.#validators ??= load()
    const validate = (await this.#validators).responseValidators[method]
    if (!validate || validate(body)) return
    const problems = (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`).join('; ')
    const cause = `${this.#service.name}.${method}: the response does not match its JSON Schema: ${problems}`
    if (mode === 'throw') throw errorOfCode(this.#service.errors, badResponseCode, { status: 200, cause })
    console.warn(`web3-market-contract: ${cause}`)
  }
}
