import type { RoutingData } from '../../pipeline/routing-data.js'

/** The address of the local contract server when started with its defaults (npm start). */
const localOrigin = 'http://127.0.0.1:8080'

/**
 * OpenAPI `servers` of one service, from schema/networks.json: its public address with the network as a
 * `{network}` variable (a path segment for Marketplace, a host prefix for Relayer and Indexer), then the
 * local contract server, which serves every service under one origin (host prefixes become path prefixes).
 */
export function serversOf(stem: string, routing: RoutingData): unknown[] {
  const route = routing.services[stem]
  if (!route) throw new Error(`openapi: schema/networks.json has no service ${stem}`)
  const variables = {
    network: {
      default: routing.networks.some((n) => n.name === 'polygon') ? 'polygon' : routing.networks[0]!.name,
      enum: routing.networks.map((n) => n.name),
      description: 'The network (docs/overview.md).',
    },
  }
  const publicUrl = route.defaultUrl.replace(/\/+$/, '')
  const hostSuffix = /^https?:\/\/\{network\}(-[a-z]+)\./.exec(route.defaultUrl)?.[1]
  const localUrl =
    route.shape === 'network-path-segment'
      ? `${localOrigin}/{network}`
      : route.shape === 'network-host-prefix'
        ? `${localOrigin}/{network}${hostSuffix ?? ''}`
        : localOrigin
  const withVariables = route.shape === 'fixed' ? {} : { variables }
  return [
    { url: publicUrl, description: 'Public API (placeholder host: override for real deployments)', ...withVariables },
    { url: localUrl, description: 'Local contract server (npm start)', ...withVariables },
  ]
}
