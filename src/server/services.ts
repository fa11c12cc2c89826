import * as builder from '../../gen/builder.gen.js'
import * as indexer from '../../gen/indexer.gen.js'
import * as marketplace from '../../gen/marketplace.gen.js'
import * as metadata from '../../gen/metadata.gen.js'
import { SERVICE_ROUTES, type ServiceName } from '../../gen/networks.gen.js'
import * as relayer from '../../gen/relayer.gen.js'
import type { AuthRequirement } from './auth.js'
import type { CallContext, ServiceMount } from './host.js'
import type { NetworkPlacement, RoutableService } from './routes.js'

/**
 * The handlers of the five services (docs/overview.md). The name is the package's public API and stays;
 * "platform" in it means the five services.
 */
export interface PlatformHandlers {
  Marketplace: marketplace.MarketplaceService<CallContext>
  Metadata: metadata.MetadataService<CallContext>
  Builder: builder.BuilderService<CallContext>
  Relayer: relayer.RelayerService<CallContext>
  Indexer: indexer.IndexerService<CallContext>
}

/** The generated per-method key table (`<Service>Auth`, from the RIDL's @auth annotations); unlisted means access key. */
function authOf(table: Readonly<Record<string, AuthRequirement>>): (method: string) => AuthRequirement {
  return (method) => (Object.hasOwn(table, method) ? table[method]! : 'accessKey')
}

/** Where a service carries the network, from schema/networks.json (whose schema pins host prefixes to `<network>-<service>.`). */
export function placementOf(service: ServiceName): NetworkPlacement {
  switch (SERVICE_ROUTES[service].shape) {
    case 'fixed':
      return { kind: 'none' }
    case 'network-path-segment':
      return { kind: 'path' }
    case 'network-host-prefix':
      return { kind: 'host', label: service }
  }
}

/** One of the five services as routed: its RIDL name (lower-cased, its key in schema/networks.json) and methods. */
export interface RoutedService extends RoutableService {
  name: keyof PlatformHandlers
  key: ServiceName
}

const route = (name: keyof PlatformHandlers, methods: readonly string[]): RoutedService => {
  const key = name.toLowerCase() as ServiceName
  return { name, key, methods, network: placementOf(key) }
}

/** The five services, each routed where schema/networks.json (docs/overview.md) places its network. */
export const routedServices: readonly RoutedService[] = [
  route('Marketplace', marketplace.MarketplaceMethods),
  route('Metadata', metadata.MetadataMethods),
  route('Builder', builder.BuilderMethods),
  route('Relayer', relayer.RelayerMethods),
  route('Indexer', indexer.IndexerMethods),
]

type Mount = Omit<ServiceMount, keyof RoutableService>

const mount = (
  webrpcHeader: string,
  auth: Readonly<Record<string, AuthRequirement>>,
  dispatch: ServiceMount['dispatch'],
): Mount => ({ webrpcHeader, auth: authOf(auth), dispatch })

/** What each service needs besides its route: generated header, auth table and dispatcher. */
function mounts(handlers: PlatformHandlers): { [name in keyof PlatformHandlers]: Mount } {
  return {
    Marketplace: mount(marketplace.WebrpcHeaderValue, marketplace.MarketplaceAuth, (m, a, c) =>
      marketplace.dispatchMarketplace(handlers.Marketplace, m as marketplace.MarketplaceMethod, a, c),
    ),
    Metadata: mount(metadata.WebrpcHeaderValue, metadata.MetadataAuth, (m, a, c) =>
      metadata.dispatchMetadata(handlers.Metadata, m as metadata.MetadataMethod, a, c),
    ),
    Builder: mount(builder.WebrpcHeaderValue, builder.BuilderAuth, (m, a, c) =>
      builder.dispatchBuilder(handlers.Builder, m as builder.BuilderMethod, a, c),
    ),
    Relayer: mount(relayer.WebrpcHeaderValue, relayer.RelayerAuth, (m, a, c) =>
      relayer.dispatchRelayer(handlers.Relayer, m as relayer.RelayerMethod, a, c),
    ),
    Indexer: mount(indexer.WebrpcHeaderValue, indexer.IndexerAuth, (m, a, c) =>
      indexer.dispatchIndexer(handlers.Indexer, m as indexer.IndexerMethod, a, c),
    ),
  }
}

/** The five services behind the host: `routedServices` mounted on their handlers (a public name that stays: see PlatformHandlers). */
export function platformServices(handlers: PlatformHandlers): ServiceMount[] {
  const byName = mounts(handlers)
  return routedServices.map(({ name, methods, network }) => ({ name, methods, network, ...byName[name] }))
}
