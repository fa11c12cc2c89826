import * as builder from '../../gen/builder.gen.js'
import * as indexer from '../../gen/indexer.gen.js'
import * as marketplace from '../../gen/marketplace.gen.js'
import * as metadata from '../../gen/metadata.gen.js'
import { SERVICE_ROUTES, type ServiceName } from '../../gen/networks.gen.js'
import * as relayer from '../../gen/relayer.gen.js'
import type { AuthRequirement } from './auth.js'
import type { CallContext, ServiceMount } from './host.js'
import type { NetworkPlacement } from './routes.js'

/** The handlers of all five SPEC services. */
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
function placementOf(service: ServiceName): NetworkPlacement {
  switch (SERVICE_ROUTES[service].shape) {
    case 'fixed':
      return { kind: 'none' }
    case 'network-path-segment':
      return { kind: 'path' }
    case 'network-host-prefix':
      return { kind: 'host', label: service }
  }
}

function mount(
  name: string,
  methods: readonly string[],
  network: NetworkPlacement,
  webrpcHeader: string,
  auth: Readonly<Record<string, AuthRequirement>>,
  dispatch: ServiceMount['dispatch'],
): ServiceMount {
  return { name, methods, network, webrpcHeader, auth: authOf(auth), dispatch }
}

/** The five services, each routed where schema/networks.json (SPEC §1) places its network. */
export function platformServices(handlers: PlatformHandlers): ServiceMount[] {
  return [
    mount(
      'Marketplace',
      marketplace.MarketplaceMethods,
      placementOf('marketplace'),
      marketplace.WebrpcHeaderValue,
      marketplace.MarketplaceAuth,
      (m, a, c) => marketplace.dispatchMarketplace(handlers.Marketplace, m as marketplace.MarketplaceMethod, a, c),
    ),
    mount(
      'Metadata',
      metadata.MetadataMethods,
      placementOf('metadata'),
      metadata.WebrpcHeaderValue,
      metadata.MetadataAuth,
      (m, a, c) => metadata.dispatchMetadata(handlers.Metadata, m as metadata.MetadataMethod, a, c),
    ),
    mount(
      'Builder',
      builder.BuilderMethods,
      placementOf('builder'),
      builder.WebrpcHeaderValue,
      builder.BuilderAuth,
      (m, a, c) => builder.dispatchBuilder(handlers.Builder, m as builder.BuilderMethod, a, c),
    ),
    mount(
      'Relayer',
      relayer.RelayerMethods,
      placementOf('relayer'),
      relayer.WebrpcHeaderValue,
      relayer.RelayerAuth,
      (m, a, c) => relayer.dispatchRelayer(handlers.Relayer, m as relayer.RelayerMethod, a, c),
    ),
    mount(
      'Indexer',
      indexer.IndexerMethods,
      placementOf('indexer'),
      indexer.WebrpcHeaderValue,
      indexer.IndexerAuth,
      (m, a, c) => indexer.dispatchIndexer(handlers.Indexer, m as indexer.IndexerMethod, a, c),
    ),
  ]
}
