/** Text of gen/networks.gen.ts: the network union and the address of every service, from schema/networks.json. */
import { routeConstName, type RoutingData } from '../../../pipeline/routing-data.js'
import { generatedHeader, runtimeModule } from './header.js'

const quoted = (values: readonly string[]) => values.map((v) => `'${v}'`).join(' | ')

export function networksModuleText({ networks, services }: RoutingData, runtimeDir: string): string {
  const runtime = runtimeModule(runtimeDir, 'routing')
  const names = networks.map((n) => n.name)
  const serviceNames = Object.keys(services)
  const scoped = serviceNames.filter((s) => services[s]!.shape !== 'fixed')
  const routes = serviceNames.map(
    (s) =>
      `export const ${routeConstName(s)} = { shape: '${services[s]!.shape}', defaultUrl: '${services[s]!.defaultUrl}' } as const`,
  )
  return `${generatedHeader('scripts/emit/typescript/shared-modules', 'schema/networks.json')}
import { assertOneOf, isOneOf, keyed, serviceUrl } from '${runtime}'

export { InvalidServiceUrlError, UnknownNetworkError } from '${runtime}'

/** The networks of docs/overview.md: the Marketplace path segment and the Relayer and Indexer host prefix. */
export type Network =
${names.map((n) => `  | '${n}'`).join('\n')}

/** Every network, in the order of schema/networks.json (one string: the client bundles carry no more). */
export const NETWORKS = /* @__PURE__ */ '${names.join(' ')}'.split(' ') as readonly Network[]

/** Numeric chain id of each network; Metadata's \`chainId\` is this number as text. */
export const CHAIN_IDS: { readonly [network in Network]: number } = /* @__PURE__ */ keyed(NETWORKS, [
${networks.map((n) => `  ${n.chainId}, // ${n.name}`).join('\n')}
])

export const isNetwork = (value: unknown): value is Network => isOneOf(NETWORKS, value)

/** The network, or an UnknownNetworkError for any other value. */
export const assertNetwork = (value: unknown): Network => assertOneOf(NETWORKS, value)

export type ServiceName = ${quoted(serviceNames)}

/** Services whose address depends on the network. */
export type NetworkScopedService = ${quoted(scoped)}

/**
 * Address template of each service; \`{network}\` stands for the network name. The defaults are
 * placeholders following the contract's renaming of the public API's hosts (docs/overview.md): override them with \`urls\`.
 */
${routes.join('\n')}

export const SERVICE_ROUTES = {
${serviceNames.map((s) => `  ${s}: ${routeConstName(s)},`).join('\n')}
} as const

/** Address templates replacing the defaults, e.g. for staging or a local server; network-scoped ones must contain \`{network}\`. */
export type ServiceUrls = { readonly [service in ServiceName]?: string }

/** The address of \`service\` (on \`network\` when it is network-scoped): its template with \`{network}\` filled in. */
export const resolveServiceUrl = (service: ServiceName, network?: Network, template?: string): string =>
  serviceUrl(service, SERVICE_ROUTES[service], network, template, assertNetwork)
`
}
