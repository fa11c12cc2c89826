import { TimeoutError, WebrpcBadMethodError, WebrpcBadResponseError } from '../../gen/errors.gen.js'
import { authenticate, type AuthRequirement, type AuthVerifiers, type Caller } from './auth.js'
import { readJsonObject } from './body.js'
import { corsHeaders, preflightHeaders } from './cors.js'
import { asWebrpcError, errorBody, type ErrorLogger, type WireError } from './errors.js'
import { resolveRoute, type RoutableService } from './routes.js'
import { validationError, type RequestValidator } from './validation.js'
import type { HostRequest, HostResponse } from './wire.js'

/** What every handler receives besides its arguments. */
export interface CallContext {
  /** Set when the method needs credentials (all SPEC methods do). */
  caller?: Caller
  /** The network of the route, for Marketplace, Relayer and Indexer. */
  network?: string
  /** Aborted on timeout or when the client goes away. */
  signal: AbortSignal
}

/** One generated service behind the host. */
export interface ServiceMount extends RoutableService {
  /** Sent back in the Webrpc response header. */
  webrpcHeader: string
  auth(method: string): AuthRequirement
  dispatch(method: string, args: unknown, context: CallContext): Promise<unknown>
}

export interface HostOptions {
  services: readonly ServiceMount[]
  networks?: Iterable<string>
  auth?: AuthVerifiers
  /** Runs before every handler; absent means handlers receive the parsed body unchecked. */
  validate?: RequestValidator
  /** Largest accepted request body in bytes. */
  bodyLimit?: number
  /** Per-request deadline in milliseconds, from routing to the response. */
  timeoutMs?: number
  log?: ErrorLogger
}

export interface Host {
  handle(request: HostRequest): Promise<HostResponse>
}

export const defaultBodyLimit = 1024 * 1024
export const defaultTimeoutMs = 10_000

const defaultLog: ErrorLogger = (error, where) => console.error(`[server] unexpected error in ${where}:`, error)

function json(status: number, body: string, extra?: Record<string, string>): HostResponse {
  return { status, body, headers: { 'Content-Type': 'application/json', ...corsHeaders, ...extra } }
}

function errorResponse(error: WireError, extra?: Record<string, string>): HostResponse {
  return json(error.status, errorBody(error), extra)
}

/** Runs `work` with a signal aborted after `ms` or when `outer` aborts; a late result is dropped for Timeout. */
async function withDeadline<T>(ms: number, outer: AbortSignal | undefined, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController()
  const onOuterAbort = () => controller.abort(outer?.reason)
  outer?.addEventListener('abort', onOuterAbort, { once: true })
  let timer: NodeJS.Timeout | undefined
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new TimeoutError({ cause: `no response within ${ms} ms` })
      controller.abort(error)
      reject(error)
    }, ms)
  })
  try {
    return await Promise.race([work(controller.signal), deadline])
  } finally {
    clearTimeout(timer)
    outer?.removeEventListener('abort', onOuterAbort)
  }
}

export function createHost(options: HostOptions): Host {
  const services = new Map(options.services.map((service) => [service.name, service]))
  const networks = new Set(options.networks ?? [])
  const bodyLimit = options.bodyLimit ?? defaultBodyLimit
  const timeoutMs = options.timeoutMs ?? defaultTimeoutMs
  const log = options.log ?? defaultLog

  async function call(service: ServiceMount, method: string, network: string | undefined, request: HostRequest, signal: AbortSignal) {
    const caller = await authenticate(service.auth(method), (name) => request.header(name), options.auth)
    const args = await readJsonObject(request, bodyLimit)
    if (options.validate) {
      const result = options.validate(service.name, method, args)
      if (!result.ok) throw validationError(result.issues)
    }
    const context: CallContext = { signal }
    if (caller) context.caller = caller
    if (network) context.network = network
    const result = await service.dispatch(method, args, context)
    try {
      return JSON.stringify(result ?? {})
    } catch (error) {
      throw new WebrpcBadResponseError({ cause: `result of ${service.name}.${method} is not JSON: ${(error as Error).message}` })
    }
  }

  async function handle(request: HostRequest): Promise<HostResponse> {
    if (request.method === 'OPTIONS') return { status: 204, body: '', headers: { ...preflightHeaders } }
    let webrpc: Record<string, string> | undefined
    try {
      const path = request.url.split('?', 1)[0]!
      const route = resolveRoute(path, request.header('host'), services, networks)
      webrpc = { Webrpc: route.service.webrpcHeader }
      if (request.method !== 'POST') {
        throw new WebrpcBadMethodError({ cause: `${request.method.slice(0, 20)} is not allowed, use POST` })
      }
      const { service, method, network } = route
      const body = await withDeadline(timeoutMs, request.signal, (signal) => call(service, method, network, request, signal))
      return json(200, body, webrpc)
    } catch (error) {
      const wire = asWebrpcError(error, log, request.url.slice(0, 200))
      return errorResponse(wire, wire.code === -3 ? { ...webrpc, Allow: 'POST, OPTIONS' } : webrpc)
    }
  }

  return { handle }
}
