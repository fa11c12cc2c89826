import builderIR from '../../gen/builder.webrpc.json' with { type: 'json' }
import * as builder from '../../gen/builder.gen.js'
import indexerIR from '../../gen/indexer.webrpc.json' with { type: 'json' }
import * as indexer from '../../gen/indexer.gen.js'
import marketplaceIR from '../../gen/marketplace.webrpc.json' with { type: 'json' }
import * as marketplace from '../../gen/marketplace.gen.js'
import metadataIR from '../../gen/metadata.webrpc.json' with { type: 'json' }
import * as metadata from '../../gen/metadata.gen.js'
import relayerIR from '../../gen/relayer.webrpc.json' with { type: 'json' }
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

interface IRLike {
  services: { name: string; methods: { name: string; annotations: Record<string, { value: string }> }[] }[]
}

/** SPEC §5: every call needs the access key; methods annotated `@auth:"secret"` in the RIDL need the secret key too. */
export function authFromIR(ir: IRLike): (method: string) => AuthRequirement {
  const secret = new Set(
    ir.services.flatMap((s) => s.methods.filter((m) => m.annotations['auth']?.value === 'secret').map((m) => m.name)),
  )
  return (method) => (secret.has(method) ? 'secretKey' : 'accessKey')
}

function mount(
  name: string,
  methods: readonly string[],
  network: NetworkPlacement,
  webrpcHeader: string,
  ir: IRLike,
  dispatch: ServiceMount['dispatch'],
): ServiceMount {
  return { name, methods, network, webrpcHeader, auth: authFromIR(ir), dispatch }
}

/** The five services routed as SPEC §1 places them. */
export function platformServices(handlers: PlatformHandlers): ServiceMount[] {
  return [
    mount('Marketplace', marketplace.MarketplaceMethods, { kind: 'path' }, marketplace.WebrpcHeaderValue, marketplaceIR, (m, a, c) =>
      marketplace.dispatchMarketplace(handlers.Marketplace, m as marketplace.MarketplaceMethod, a, c),
    ),
    mount('Metadata', metadata.MetadataMethods, { kind: 'none' }, metadata.WebrpcHeaderValue, metadataIR, (m, a, c) =>
      metadata.dispatchMetadata(handlers.Metadata, m as metadata.MetadataMethod, a, c),
    ),
    mount('Builder', builder.BuilderMethods, { kind: 'none' }, builder.WebrpcHeaderValue, builderIR, (m, a, c) =>
      builder.dispatchBuilder(handlers.Builder, m as builder.BuilderMethod, a, c),
    ),
    mount('Relayer', relayer.RelayerMethods, { kind: 'host', label: 'relayer' }, relayer.WebrpcHeaderValue, relayerIR, (m, a, c) =>
      relayer.dispatchRelayer(handlers.Relayer, m as relayer.RelayerMethod, a, c),
    ),
    mount('Indexer', indexer.IndexerMethods, { kind: 'host', label: 'indexer' }, indexer.WebrpcHeaderValue, indexerIR, (m, a, c) =>
      indexer.dispatchIndexer(handlers.Indexer, m as indexer.IndexerMethod, a, c),
    ),
  ]
}
