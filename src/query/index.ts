/**
 * TanStack Query options for the contract's clients (`@tanstack/query-core` v5, an optional peer
 * dependency; works with its React, Vue, Solid, Svelte and Angular adapters): query options for every
 * read (the methods the schema marks `@safe`), infinite-query options for the reads that page (under
 * `infinite`), mutation options for the Indexer's writes.
 */
import { Builder, BuilderPagedMethods, BuilderSafeMethods } from '../../gen/builder.gen.js'
import { Indexer, IndexerMethods, IndexerSafeMethods, type IndexerMethod } from '../../gen/indexer.gen.js'
import { Marketplace, MarketplacePagedMethods, MarketplaceSafeMethods } from '../../gen/marketplace.gen.js'
import { Metadata, MetadataPagedMethods, MetadataSafeMethods } from '../../gen/metadata.gen.js'
import { Relayer, RelayerPagedMethods, RelayerSafeMethods } from '../../gen/relayer.gen.js'
import type { Clients } from '../client/create-clients.js'
import { infiniteQueries } from './infinite.js'
import { readQueries, writeMutations, type ServiceKey } from './options.js'

export { hashQueryKey } from './hash-key.js'
export type { ContractInfiniteQueryKey, ContractInfiniteQueryOptions, InfiniteQueries } from './infinite.js'
export type {
  ContractMutationOptions,
  ContractQueryKey,
  ContractQueryOptions,
  QueryCallOptions,
  ReadQueries,
  ServiceKey,
  WriteMutations,
} from './options.js'

/** A service's reads, and under `infinite` its paged reads (keys of those end in `'infinite'`). */
const serviceQueries = <Client extends object, Read extends string, Paged extends string>(
  client: Client,
  service: ServiceKey,
  network: string | null,
  reads: readonly Read[],
  paged: readonly Paged[],
) =>
  Object.assign(readQueries(client, service, network, reads), {
    infinite: infiniteQueries(client, service, network, paged),
  })

/** Query options for the Marketplace reads; keys `['marketplace', network, method, args]`. */
export const marketplaceQueries = (client: Marketplace) =>
  serviceQueries(client, 'marketplace', client.network, MarketplaceSafeMethods, MarketplacePagedMethods)

/** Query options for the Metadata reads; keys `['metadata', null, method, args]` (Metadata has no network). */
export const metadataQueries = (client: Metadata) =>
  serviceQueries(client, 'metadata', null, MetadataSafeMethods, MetadataPagedMethods)

/** Query options for the Builder reads; keys `['builder', null, method, args]` (Builder has no network). */
export const builderQueries = (client: Builder) =>
  serviceQueries(client, 'builder', null, BuilderSafeMethods, BuilderPagedMethods)

/** Query options for the Relayer reads; keys `['relayer', network, method, args]`. */
export const relayerQueries = (client: Relayer) =>
  serviceQueries(client, 'relayer', client.network, RelayerSafeMethods, RelayerPagedMethods)

type IndexerWrite = Exclude<IndexerMethod, (typeof IndexerSafeMethods)[number]>
const indexerWrites = IndexerMethods.filter(
  (method): method is IndexerWrite => !(IndexerSafeMethods as readonly string[]).includes(method),
)

/** Mutation options for the Indexer's writes (AddWebhookListener, RemoveWebhookListener); server-side, as they need the secret key. */
export const indexerMutations = (client: Indexer) => writeMutations(client, 'indexer', client.network, indexerWrites)

/** The query and mutation options of all five clients of `createClients`. */
export const contractQueries = (clients: Clients) => ({
  marketplace: marketplaceQueries(clients.marketplace),
  metadata: metadataQueries(clients.metadata),
  builder: builderQueries(clients.builder),
  relayer: relayerQueries(clients.relayer),
  indexer: indexerMutations(clients.indexer),
})
