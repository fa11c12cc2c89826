import { InvalidArgumentError, WebrpcBadMethodError } from '../../gen/errors.gen.js'
import { authenticate, type AuthVerifiers } from '../server/auth.js'
import { corsHeaders } from '../server/cors.js'
import { asWebrpcError, errorBody } from '../server/errors.js'
import type { Host } from '../server/host.js'
import { placedNetwork, splitTarget } from '../server/routes.js'
import { placementOf } from '../server/services.js'
import type { HostRequest, HostResponse } from '../server/wire.js'
import type { WebhookEngine } from '../webhook/engine/engine.js'
import { consoleLog, type Log } from '../observability/log.js'
import type { ProjectId } from '../values/project-id.js'
import { recoveryAction, type OwnerRoute } from './recovery-route.js'

/**
 * `/<network>-indexer/webhooks/<listenerId>/<action>`, or `/webhooks/<listenerId>/<action>` on host
 * `<network>-indexer.…`: wherever the Indexer's RPC routes take their network. Not RPC methods: the API contract's
 * operations are a closed set (docs/endpoints.md); these are the local server's routes for a listener's owner. Actions: `deliveries` (GET),
 * `deliveries/<uid>/resend` and `recover` (POST, recovery-route.ts).
 */
const OWNER_PATH = /^(?:\/([^/]+))?\/webhooks\/([^/]+)\/(deliveries|deliveries\/[^/]+\/resend|recover)$/
const indexerPlacement = placementOf('indexer')
const MAX_LIMIT = 1000

export interface DeliveriesRouteOptions {
  listeners: Pick<WebhookEngine, 'listDeliveries' | 'resendDelivery' | 'recoverDeliveries'>
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

  function routeOf(request: HostRequest): OwnerRoute | undefined {
    const { path, query } = splitTarget(request.url)
    const match = OWNER_PATH.exec(path)
    if (!match || !placedNetwork(indexerPlacement, match[1], request.header('host'), networks)) return undefined
    const [action, uid] = match[3]!.split('/')
    return {
      listenerId: decoded(match[2]!),
      action: action === 'recover' ? 'recover' : uid === undefined ? 'deliveries' : 'resend',
      uid: uid === undefined ? undefined : decoded(uid),
      query: new URLSearchParams(query),
    }
  }

  async function answer(request: HostRequest, route: OwnerRoute): Promise<HostResponse> {
    const method = route.action === 'deliveries' ? 'GET' : 'POST'
    if (request.method !== method)
      throw new WebrpcBadMethodError({ cause: `${request.method.slice(0, 20)} is not allowed, use ${method}` })
    const caller = (await authenticate('secretKey', request, options.auth))!
    const report =
      route.action === 'deliveries'
        ? await deliveries(caller.projectId, route.listenerId, route.query)
        : await recoveryAction(request, caller.projectId, route, options.listeners)
    return {
      status: 200,
      body: JSON.stringify(report),
      headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', ...corsHeaders },
    }
  }

  async function deliveries(projectId: ProjectId, listenerId: string, query: URLSearchParams) {
    const limitText = query.get('limit')
    const limit = limitText === null ? undefined : Number(limitText)
    if (limit !== undefined && (!/^[0-9]{1,4}$/.test(limitText!) || limit < 1 || limit > MAX_LIMIT)) {
      throw new InvalidArgumentError({ cause: `limit: not an integer from 1 to ${MAX_LIMIT}` })
    }
    return options.listeners.listDeliveries(projectId, listenerId, limit)
  }

  return {
    async handle(request) {
      const route = request.method === 'OPTIONS' ? undefined : routeOf(request)
      if (!route) return host.handle(request)
      try {
        return await answer(request, route)
      } catch (error) {
        const wire = asWebrpcError(error, log, request.url.slice(0, 200))
        const headers: Record<string, string> = { 'Content-Type': 'application/json', ...corsHeaders }
        if (wire instanceof WebrpcBadMethodError) headers.Allow = route.action === 'deliveries' ? 'GET' : 'POST'
        return { status: wire.status, body: errorBody(wire), headers }
      }
    },
  }
}

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment // not valid percent-encoding: looked up as sent, and so not found
  }
}
