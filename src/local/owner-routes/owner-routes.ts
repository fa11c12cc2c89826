import { InvalidArgumentError, WebrpcBadMethodError } from '../../../gen/errors.gen.js'
import { authenticate, type AuthVerifiers } from '../../server/auth.js'
import { corsHeaders } from '../../server/cors.js'
import { asWebrpcError, errorBody } from '../../server/errors.js'
import type { Host } from '../../server/host.js'
import { placedNetwork, splitTarget } from '../../server/routes.js'
import { placementOf } from '../../server/services.js'
import type { HostRequest, HostResponse } from '../../server/wire.js'
import type { WebhookEngine } from '../../webhook/engine/engine.js'
import { consoleLog, type Log } from '../../observability/log.js'
import type { ProjectId } from '../../values/project-id.js'
import type { NetworkTable } from '../../reference/networks.js'
import { recoveryAction } from './recovery.js'
import type { OwnerRoute } from './owner-route.js'

/**
 * `/<network>-indexer/webhooks/<listenerId>/<action>`, or `/webhooks/<listenerId>/<action>` on host
 * `<network>-indexer.…`: wherever the Indexer's RPC routes take their network. Not RPC methods: the API contract's
 * operations are a closed set (docs/endpoints.md); these are the local server's routes for a listener's owner.
 * Actions: `deliveries` (GET), `deliveries/<uid>/resend` and `recover` (POST, recovery.ts), `trigger/transfer`
 * and `trigger/reorg` (POST, trigger.ts).
 */
const OWNER_PATH =
  /^(?:\/(?<prefix>[^/]+))?\/webhooks\/(?<listenerId>[^/]+)\/(?:(?<deliveries>deliveries)|deliveries\/(?<resend>[^/]+)\/resend|(?<recover>recover)|trigger\/(?<trigger>transfer|reorg))$/
const indexerPlacement = placementOf('indexer')
const MAX_LIMIT = 1000

export interface OwnerRoutesOptions {
  listeners: WebhookEngine
  networks: NetworkTable
  /** The host's verifiers: the route takes the same credentials as the webhook RPC calls. */
  auth: AuthVerifiers
  log?: Log
}

/**
 * The host plus a listener owner's routes: the view of its deliveries (each with its state, its attempts
 * (time, HTTP status or error, duration) and, once it has given up, its final error), sending them again, and
 * firing made-up chain events at it. X-Access-Key and `Authorization: BEARER <secret key>` of the owning
 * project; errors are docs/errors.md bodies. Every other request goes to the host unchanged.
 */
export function withOwnerRoutes(host: Host, options: OwnerRoutesOptions): Host {
  const networks = new Set(options.networks.names)
  const log = options.log ?? consoleLog

  function routeOf(request: HostRequest): OwnerRoute | undefined {
    const { path, query } = splitTarget(request.url)
    const parts = OWNER_PATH.exec(path)?.groups
    const network = parts && placedNetwork(indexerPlacement, parts.prefix, request.header('host'), networks)
    if (!parts || !network) return undefined
    const action: OwnerRoute['action'] = parts.deliveries
      ? 'deliveries'
      : parts.resend !== undefined
        ? 'resend'
        : parts.recover
          ? 'recover'
          : parts.trigger === 'transfer'
            ? 'trigger-transfer'
            : 'trigger-reorg'
    return {
      listenerId: decoded(parts.listenerId!),
      network,
      action,
      uid: parts.resend === undefined ? undefined : decoded(parts.resend),
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
        ? await deliveries(caller.projectId, route, route.query)
        : route.action === 'resend' || route.action === 'recover'
          ? await recoveryAction(request, caller.projectId, route, options.listeners, options.networks)
          : await (
              await import('./trigger.js')
            ).triggerAction(request, caller.projectId, route, options.listeners, options.networks)
    return {
      status: 200,
      body: JSON.stringify(report),
      headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', ...corsHeaders },
    }
  }

  async function deliveries(projectId: ProjectId, route: OwnerRoute, query: URLSearchParams) {
    const limitText = query.get('limit')
    const limit = limitText === null ? undefined : Number(limitText)
    if (limit !== undefined && (!/^[0-9]{1,4}$/.test(limitText!) || limit < 1 || limit > MAX_LIMIT)) {
      throw new InvalidArgumentError({ cause: `limit: not an integer from 1 to ${MAX_LIMIT}` })
    }
    return options.listeners.listDeliveries(projectId, route.listenerId, limit, {
      chainId: options.networks.chainIdOf(route.network),
    })
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
