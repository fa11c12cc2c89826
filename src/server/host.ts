import { WebrpcBadMethodError, WebrpcBadResponseError } from '../../gen/errors.gen.js'
import { CallScope, Deadlines } from './call-scope.js'
import { callerOf, type AuthRequirement, type AuthVerifiers, type Caller } from './auth.js'
import { DEFAULT_BODY_LIMIT } from './body-limit.js'
import { readJsonObject } from './body.js'
import { corsHeaders, preflightHeaders } from './cors.js'
import { asWebrpcError, errorBody, logUnexpected, type WireError } from './errors.js'
import { consoleLog, type Log } from '../observability/log.js'
import { routeResolver, type RoutableService } from './routes.js'
import { describeIssues } from '../validate/validation-result.js'
import { validationError, type RequestValidator } from './validation.js'
import type { HostRequest, HostResponse } from './wire.js'
import type { Tracer } from '@opentelemetry/api'
import {
  INSTRUMENTATION_NAME,
  loadOpenTelemetry,
  openTelemetry,
  type OpenTelemetryApi,
} from '../observability/telemetry.js'

/** What every handler receives besides its arguments. */
export interface CallContext {
  /** Set when the method needs credentials (every operation of the five services does: docs/auth.md). */
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
  /**
   * Checks every handler's result against its response schema (development and tests): a result that
   * breaks the contract is logged and answered WebrpcBadResponse instead of being sent.
   */
  validateResponse?: RequestValidator
  /** Largest accepted request body in bytes. */
  bodyLimit?: number
  /** Per-request deadline in milliseconds, from routing to the response. */
  timeoutMs?: number
  /** Where unexpected errors behind a request go (they are answered WebrpcInternalError, never sent). */
  log?: Log
}

export interface Host {
  handle(request: HostRequest): Promise<HostResponse>
}

export { DEFAULT_BODY_LIMIT }
export const DEFAULT_TIMEOUT_MS = 10_000

const jsonHeaders: Readonly<Record<string, string>> = { 'Content-Type': 'application/json', ...corsHeaders }

/** The `Allow` header of every WebrpcBadMethod answer: the methods a route takes. */
export const allowedMethods = 'POST, OPTIONS'

function errorResponse(error: WireError, webrpcHeader: string | undefined): HostResponse {
  const headers: Record<string, string> = { ...jsonHeaders }
  if (webrpcHeader) headers.Webrpc = webrpcHeader
  if (error instanceof WebrpcBadMethodError) headers.Allow = allowedMethods
  return { status: error.status, body: errorBody(error), headers }
}

/** What the API's proxy delegates to while no tracer provider is registered. */
let unregisteredDelegate: unknown

/**
 * False when a span would be a no-op with no trace to pass on: no tracer provider is registered and the call
 * does not arrive inside a traced context. Checked before building the span, its attributes and its closure,
 * which are a measurable share of a trivial call.
 */
function spanWouldRecord(api: OpenTelemetryApi): boolean {
  const provider = api.trace.getTracerProvider()
  unregisteredDelegate ??= new api.ProxyTracerProvider().getDelegate()
  if (!(provider instanceof api.ProxyTracerProvider) || provider.getDelegate() !== unregisteredDelegate) return true
  const parent = api.trace.getSpanContext(api.context.active())
  return parent !== undefined && api.trace.isSpanContextValid(parent)
}

export function createHost(options: HostOptions): Host {
  const services = new Map(options.services.map((service) => [service.name, service]))
  const resolveRouteOf = routeResolver(services, new Set(options.networks ?? []))
  const bodyLimit = options.bodyLimit ?? DEFAULT_BODY_LIMIT
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
  const log = options.log ?? consoleLog
  const deadlines = new Deadlines(timeoutMs)
  let tracer: Tracer | undefined
  // Spans once @opentelemetry/api is loaded (if installed); requests before that are not traced.
  void loadOpenTelemetry()
  // Success headers are the same for every call of a service: built once, shared read-only.
  const successHeaders = new Map(
    options.services.map((s) => [s, Object.freeze({ ...jsonHeaders, Webrpc: s.webrpcHeader })]),
  )

  async function call(service: ServiceMount, method: string, request: HostRequest, scope: CallScope) {
    // Authentication and the body are usually at hand: awaited only when they are not (each await is a turn of
    // the microtask queue, a measurable share of a trivial call).
    const requirement = service.auth(method)
    if (requirement !== 'none') {
      const caller = callerOf(requirement, request, options.auth)
      scope.caller = caller instanceof Promise ? await caller : caller
    }
    const body = readJsonObject(request, bodyLimit)
    const args = body instanceof Promise ? await body : body
    if (options.validate) {
      const result = options.validate(service.name, method, args)
      if (!result.ok) throw validationError(result.issues)
    }
    const result = await service.dispatch(method, args, scope)
    if (options.validateResponse) {
      const verdict = options.validateResponse(service.name, method, result ?? {})
      if (!verdict.ok) {
        const error = new WebrpcBadResponseError({
          cause: `response of ${service.name}.${method} breaks its schema: ${describeIssues(verdict.issues)}`,
        })
        logUnexpected(log, `${service.name}.${method}`, error)
        throw error
      }
    }
    try {
      return JSON.stringify(result ?? {})
    } catch (error) {
      throw new WebrpcBadResponseError({
        cause: `result of ${service.name}.${method} is not JSON: ${(error as Error).message}`,
      })
    }
  }

  // Not async: the call's own promise is the answer, without one more around it.
  function handle(request: HostRequest): Promise<HostResponse> {
    if (request.method === 'OPTIONS')
      return Promise.resolve({ status: 204, body: '', headers: { ...preflightHeaders } })
    let webrpcHeader: string | undefined
    try {
      const route = resolveRouteOf(request.url, request.header('host'))
      webrpcHeader = route.service.webrpcHeader
      if (request.method !== 'POST') {
        throw new WebrpcBadMethodError({ cause: `${request.method.slice(0, 20)} is not allowed, use POST` })
      }
      const { service, method } = route
      const api = openTelemetry()
      if (!api || !spanWouldRecord(api)) return answer(service, method, route.network, request)
      return traced(api, `${service.name}/${method}`, service.name, method, () =>
        answer(service, method, route.network, request),
      ).catch((error: unknown) => errorResponse(asWebrpcError(error, log, request.url.slice(0, 200)), webrpcHeader))
    } catch (error) {
      return Promise.resolve(errorResponse(asWebrpcError(error, log, request.url.slice(0, 200)), webrpcHeader))
    }
  }

  /** A span per request, named by its operation, when OpenTelemetry is there. */
  async function traced(
    api: OpenTelemetryApi,
    name: string,
    service: string,
    method: string,
    run: () => Promise<HostResponse>,
  ): Promise<HostResponse> {
    // One tracer: it follows whichever provider the application registers, now or later.
    tracer ??= api.trace.getTracer(INSTRUMENTATION_NAME)
    const span = tracer.startSpan(name, {
      kind: api.SpanKind.SERVER,
      attributes: { 'rpc.system': 'webrpc', 'rpc.service': service, 'rpc.method': method },
    })
    // A provider may still hand out a no-op span with no trace to pass on: the call then runs without it.
    if (!span.isRecording() && !api.trace.isSpanContextValid(span.spanContext())) return run()
    try {
      const response = await api.context.with(api.trace.setSpan(api.context.active(), span), run)
      span.setAttribute('http.response.status_code', response.status)
      if (response.status >= 500) span.setStatus({ code: api.SpanStatusCode.ERROR })
      return response
    } finally {
      span.end()
    }
  }

  async function answer(
    service: ServiceMount,
    method: string,
    network: string | undefined,
    request: HostRequest,
  ): Promise<HostResponse> {
    const webrpcHeader = service.webrpcHeader
    try {
      const scope = new CallScope(timeoutMs, request)
      scope.network = network
      deadlines.open(scope)
      try {
        const body = await scope.run(call(service, method, request, scope))
        return { status: 200, body, headers: successHeaders.get(service)! }
      } finally {
        deadlines.close(scope)
      }
    } catch (error) {
      return errorResponse(asWebrpcError(error, log, request.url.slice(0, 200)), webrpcHeader)
    }
  }

  return { handle }
}
