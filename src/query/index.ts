/**
 * TanStack Query options for the contract's clients (`@tanstack/query-core` v5, an optional peer
 * dependency; works with its React, Vue, Solid, Svelte and Angular adapters): query options for every
 * read (the methods the schema marks `@safe`), mutation options for the Indexer's writes.
 */
import { Builder, BuilderSafeMethods } from '../../gen/builder.gen.js'
import { Indexer, IndexerMethods, IndexerSafeMethods, type IndexerMethod } from '../../gen/indexer.gen.js'
import { Marketplace, MarketplaceSafeMethods } from '../../gen/marketplace.gen.js'
import { Metadata, MetadataSafeMethods } from '../../gen/metadata.gen.js'
import { Relayer, RelayerSafeMethods } from '../../gen/relayer.gen.js'
import type { Clients } from '../client/create-clients.js'
import { readQueries, writeMutations } from './options.js'

export { hashQueryKey } from './hash-key.js'
export type {
  ContractMutationOptions,
  ContractQueryKey,
  ContractQueryOptions,
  QueryCallOptions,
  ReadQueries,
  ServiceKey,
  WriteMutations,
} from './options.js'

/** Query options for the Marketplace reads; keys `['marketplace', network, method, args]`. */
export const marketplaceQueries = (client: Marketplace) =>
  readQueries(client, 'marketplace', client.network, MarketplaceSafeMethods)

/** Query options for the Metadata reads; keys `['metadata', null, method, args]` (Metadata has no network). */
export const metadataQueries = (client: Metadata) => readQueries(client, 'metadata', null, MetadataSafeMethods)

/** Query options for the Builder reads; keys `['builder', null, method, args]` (Builder has no network). */
export const builderQueries = (client: Builder) => readQueries(client, 'builder', null, BuilderSafeMethods)

/** Query options for the Relayer reads; keys `['relayer', network, method, args]`. */
export const relayerQueries = (client: Relayer) => readQueries(client, 'relayer', client.network, RelayerSafeMethods)

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
