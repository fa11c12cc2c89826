/**
 * The five clients: `createClients({ network, accessKey })`. Each service's types live in its
 * namespace (`marketplace.Order`) or its own entry point (`<pkg>/marketplace`), since services share
 * type names such as Page and SortBy.
 */
export { createClients, type Clients, type ClientsOptions } from '../client/create-clients.js'
export { localUrls } from '../client/local-urls.js'
export { Builder, BuilderAuth, type BuilderClientOptions } from '../../gen/builder.gen.js'
export { Indexer, IndexerAuth, type IndexerClientOptions } from '../../gen/indexer.gen.js'
export {
  Marketplace,
  MarketplaceAuth,
  type MarketplaceClientOptions,
  type Fetch,
  type BaseCallOptions,
  type CallOptions,
  type CallRequest,
  type CallResponse,
  type DeprecatedCallHeaders,
  type RetryOptions,
  type ValidateResponses,
} from '../../gen/marketplace.gen.js'
export { Metadata, MetadataAuth, type MetadataClientOptions } from '../../gen/metadata.gen.js'
export { Relayer, RelayerAuth, type RelayerClientOptions } from '../../gen/relayer.gen.js'
export * from '../../gen/errors.gen.js'
export * from '../../gen/networks.gen.js'
export * as builder from './builder.js'
export * as indexer from './indexer.js'
export * as marketplace from './marketplace.js'
export * as metadata from './metadata.js'
export * as relayer from './relayer.js'
