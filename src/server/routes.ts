import { WebrpcBadRouteError } from '../../gen/errors.gen.js'

/** Where a service takes its network from (docs/overview.md Addresses). */
export type NetworkPlacement =
  | { kind: 'none' }
  /** `/<network>/rpc/<Service>/<Method>` */
  | { kind: 'path' }
  /** Host `<network>-<label>.…`, or `/<network>-<label>/rpc/<Service>/<Method>` where *.localhost does not resolve. */
  | { kind: 'host'; label: string }

export interface RoutableService {
  name: string
  methods: readonly string[]
  network: NetworkPlacement
}

export interface Route<S extends RoutableService> {
  service: S
  method: string
  network?: string
}

/** A request target split at its query: the path routes, the query is the route's own business. */
export function splitTarget(url: string): { path: string; query: string } {
  const queryAt = url.indexOf('?')
  return queryAt < 0 ? { path: url, query: '' } : { path: url.slice(0, queryAt), query: url.slice(queryAt + 1) }
}

function hostnameOf(host: string | undefined): string {
  if (!host) return ''
  return host.replace(/:\d+$/, '').toLowerCase()
}

/**
 * The network a request names for a network-scoped service: the first path segment (`prefix`) for
 * `path`; for `host`, the `<network>-<label>` prefix, else the Host header's first label. Undefined when
 * it names none of `networks`, and for a service with no network.
 */
export function placedNetwork(
  placement: NetworkPlacement,
  prefix: string | undefined,
  host: string | undefined,
  networks: ReadonlySet<string>,
): string | undefined {
  if (placement.kind === 'none') return undefined
  if (placement.kind === 'path') return prefix !== undefined && networks.has(prefix) ? prefix : undefined
  const label = prefix ?? hostnameOf(host).split('.')[0]
  if (!label || !label.endsWith(`-${placement.label}`)) return undefined
  const network = label.slice(0, -placement.label.length - 1)
  return networks.has(network) ? network : undefined
}

/** Resolves `path` (no query) and the Host header to a service, method and network, or throws WebrpcBadRoute. */
export function resolveRoute<S extends RoutableService>(
  path: string,
  host: string | undefined,
  services: ReadonlyMap<string, S>,
  networks: ReadonlySet<string>,
): Route<S> {
  const segments = path.split('/').slice(1)
  const rpcAt = segments.length - 3
  if (rpcAt < 0 || rpcAt > 1 || segments[rpcAt] !== 'rpc') {
    throw new WebrpcBadRouteError({ cause: `no RPC route at ${JSON.stringify(path.slice(0, 200))}` })
  }
  const prefix = rpcAt === 1 ? segments[0] : undefined
  const serviceName = segments[rpcAt + 1]!
  const method = segments[rpcAt + 2]!
  const service = services.get(serviceName)
  if (!service) throw new WebrpcBadRouteError({ cause: `unknown service ${JSON.stringify(serviceName.slice(0, 100))}` })
  if (!service.methods.includes(method)) {
    throw new WebrpcBadRouteError({ cause: `unknown method ${serviceName}.${method.slice(0, 100)}` })
  }
  const placement = service.network
  if (placement.kind === 'none') {
    if (prefix !== undefined) throw new WebrpcBadRouteError({ cause: `${serviceName} takes no path prefix` })
    return { service, method }
  }
  const network = placedNetwork(placement, prefix, host, networks)
  if (!network) {
    throw new WebrpcBadRouteError({
      cause:
        placement.kind === 'path'
          ? `unknown network ${JSON.stringify((prefix ?? '').slice(0, 100))}`
          : `unknown network: expected host or first path segment <network>-${placement.label}`,
    })
  }
  return { service, method, network }
}

/**
 * resolveRoute for the host's calls, each valid path resolved once: a server answers a few hundred paths
 * over and over. Only what a valid path alone decides is kept (not a route found by the Host header, nor
 * an error), so the table holds at most one entry per service, method and network.
 */
export function routeResolver<S extends RoutableService>(
  services: ReadonlyMap<string, S>,
  networks: ReadonlySet<string>,
): (url: string, host: string | undefined) => Route<S> {
  const resolved = new Map<string, Route<S>>()
  return (url, host) => {
    const queryAt = url.indexOf('?')
    const path = queryAt < 0 ? url : url.slice(0, queryAt)
    const known = resolved.get(path)
    if (known) return known
    const route = resolveRoute(path, host, services, networks)
    const byHostHeader = route.service.network.kind === 'host' && path.startsWith('/rpc/')
    if (!byHostHeader) resolved.set(path, route)
    return route
  }
}
