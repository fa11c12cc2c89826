import * as builder from '../../gen/builder.gen.js'
import * as indexer from '../../gen/indexer.gen.js'
import * as marketplace from '../../gen/marketplace.gen.js'
import * as metadata from '../../gen/metadata.gen.js'
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

/** The five services routed as SPEC §1 places them. */
export function platformServices(handlers: PlatformHandlers): ServiceMount[] {
  return [
    mount(
      'Marketplace',
      marketplace.MarketplaceMethods,
      { kind: 'path' },
      marketplace.WebrpcHeaderValue,
      marketplace.MarketplaceAuth,
      (m, a, c) => marketplace.dispatchMarketplace(handlers.Marketplace, m as marketplace.MarketplaceMethod, a, c),
    ),
    mount(
      'Metadata',
      metadata.MetadataMethods,
      { kind: 'none' },
      metadata.WebrpcHeaderValue,
      metadata.MetadataAuth,
      (m, a, c) => metadata.dispatchMetadata(handlers.Metadata, m as metadata.MetadataMethod, a, c),
    ),
    mount(
      'Builder',
      builder.BuilderMethods,
      { kind: 'none' },
      builder.WebrpcHeaderValue,
      builder.BuilderAuth,
      (m, a, c) => builder.dispatchBuilder(handlers.Builder, m as builder.BuilderMethod, a, c),
    ),
    mount(
      'Relayer',
      relayer.RelayerMethods,
      { kind: 'host', label: 'relayer' },
      relayer.WebrpcHeaderValue,
      relayer.RelayerAuth,
      (m, a, c) => relayer.dispatchRelayer(handlers.Relayer, m as relayer.RelayerMethod, a, c),
    ),
    mount(
      'Indexer',
      indexer.IndexerMethods,
      { kind: 'host', label: 'indexer' },
      indexer.WebrpcHeaderValue,
      indexer.IndexerAuth,
      (m, a, c) => indexer.dispatchIndexer(handlers.Indexer, m as indexer.IndexerMethod, a, c),
    ),
  ]
}
