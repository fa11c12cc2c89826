import { InvalidArgumentError, WebrpcBadMethodError } from '../../gen/errors.gen.js'
import { authenticate, type AuthVerifiers } from '../server/auth.js'
import { corsHeaders } from '../server/cors.js'
import { asWebrpcError, errorBody } from '../server/errors.js'
import type { Host } from '../server/host.js'
import { placedNetwork, splitTarget } from '../server/routes.js'
import { placementOf } from '../server/services.js'
import type { HostRequest, HostResponse } from '../server/wire.js'
import type { WebhookEngine } from '../webhook/engine.js'
import { consoleLog, type Log } from '../log.js'

/**
 * `GET /<network>-indexer/webhooks/<listenerId>/deliveries`, or `GET /webhooks/<listenerId>/deliveries`
 * on host `<network>-indexer.…`: wherever the Indexer's RPC routes take their network. Not an RPC
 * method: SPEC's set is closed; this is the local server's read-only view for owners.
 */
const DELIVERIES_PATH = /^(?:\/([^/]+))?\/webhooks\/([^/]+)\/deliveries$/
const indexerPlacement = placementOf('indexer')
const MAX_LIMIT = 1000

export interface DeliveriesRouteOptions {
  listeners: Pick<WebhookEngine, 'listDeliveries'>
  networks: Iterable<string>
  /** The host's verifiers: the route takes the same credentials as the webhook RPC calls. */
  auth: AuthVerifiers
  log?: Log
}

/**
 * The host plus the owner's view of a listener's deliveries: each delivery with its state, its attempts
 * (time, HTTP status or error, duration) and, once it has given up, its final error. X-Access-Key and
 * `Authorization: BEARER <secret key>` of the owning project; errors are docs/errors.md bodies. Every other
 * request goes to the host unchanged.
 */
export function withDeliveriesRoute(host: Host, options: DeliveriesRouteOptions): Host {
  const networks = new Set(options.networks)
  const log = options.log ?? consoleLog

  function listenerIdOf(request: HostRequest): { listenerId: string; query: URLSearchParams } | undefined {
    const { path, query } = splitTarget(request.url)
    const match = DELIVERIES_PATH.exec(path)
    if (!match || !placedNetwork(indexerPlacement, match[1], request.header('host'), networks)) return undefined
    let listenerId = match[2]!
    try {
      listenerId = decodeURIComponent(listenerId)
    } catch {
      // Not valid percent-encoding: looked up as sent, and so not found.
    }
    return { listenerId, query: new URLSearchParams(query) }
  }

  async function deliveries(request: HostRequest, listenerId: string, query: URLSearchParams): Promise<HostResponse> {
    if (request.method !== 'GET')
      throw new WebrpcBadMethodError({ cause: `${request.method.slice(0, 20)} is not allowed, use GET` })
    const caller = (await authenticate('secretKey', request, options.auth))!
    const limitText = query.get('limit')
    const limit = limitText === null ? undefined : Number(limitText)
    if (limit !== undefined && (!/^[0-9]{1,4}$/.test(limitText!) || limit < 1 || limit > MAX_LIMIT)) {
      throw new InvalidArgumentError({ cause: `limit: not an integer from 1 to ${MAX_LIMIT}` })
    }
    const report = await options.listeners.listDeliveries(caller.projectId, listenerId, limit)
    return {
      status: 200,
      body: JSON.stringify(report),
      headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', ...corsHeaders },
    }
  }

  return {
    async handle(request) {
      const route = request.method === 'OPTIONS' ? undefined : listenerIdOf(request)
      if (!route) return host.handle(request)
      try {
        return await deliveries(request, route.listenerId, route.query)
      } catch (error) {
        const wire = asWebrpcError(error, log, request.url.slice(0, 200))
        const headers: Record<string, string> = { 'Content-Type': 'application/json', ...corsHeaders }
        if (wire instanceof WebrpcBadMethodError) headers.Allow = 'GET'
        return { status: wire.status, body: errorBody(wire), headers }
      }
    },
  }
}
