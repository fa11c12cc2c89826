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
  errorFromResponseText,
  jsonObject,
  raise,
  requestFailedCode,
  unauthorizedCode,
} from './errors.js'
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
  /** The key each method needs (SPEC §5); without it no credentials are sent. */
  readonly auth?: Readonly<Record<string, AuthKind>>
}

export interface ServiceClientOptions {
  network?: string
  url?: string
  fetch?: Fetch
  accessKey?: string
  secretKey?: string
}

const needsSecretKey = (auth: ServiceDescriptor['auth']): boolean =>
  auth !== undefined && Object.values(auth).includes('secretKey')

/** The behaviour every generated client shares: the address, the request, credentials and the decoding of answers. */
export class ServiceClient {
  readonly #service: ServiceDescriptor
  readonly #url: string
  readonly #fetch: Fetch
  readonly #credentials: Credentials

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
    this.#fetch = fetch ? (input, init) => fetch(input, init) : (input, init) => globalThis.fetch(input, init)
    this.#credentials = credentials(options.accessKey, needsSecretKey(service.auth) ? options.secretKey : undefined)
  }

  /** POSTs one call; rejects with the service's error classes, never with a key in the error. */
  async call<Result>(
    method: string,
    args: object | undefined,
    headers?: object,
    signal?: AbortSignal,
  ): Promise<Result> {
    const { auth, name, errors, webrpcHeader } = this.#service
    const kind = auth?.[method]
    const keyHeaders = kind ? this.#credentials[kind] : {}
    try {
      if (!keyHeaders)
        throw raise(errors, unauthorizedCode, { cause: missingCredentialCause(kind!, `${name}.${method}`) })
      const response = await this.#fetch(this.#url + method, {
        method: 'POST',
        headers: {
          ...perCallHeaders(headers),
          ...keyHeaders,
          'Content-Type': 'application/json',
          Webrpc: webrpcHeader,
        },
        body: JSON.stringify(args ?? {}),
        signal: signal ?? null,
      }).catch((error: unknown) => {
        throw raise(errors, requestFailedCode, { cause: `fetch(): ${(error as Error | undefined)?.message ?? ''}` })
      })
      const text = await response.text()
      if (!response.ok) throw errorFromResponseText(errors, response.status, text)
      const body = jsonObject(text)
      if (!body) throw badResponse(errors, response.status, text)
      return body as Result
    } catch (error) {
      throw redactCredentials(error, this.#credentials.secrets)
    }
  }
}
