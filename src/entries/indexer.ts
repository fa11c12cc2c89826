/**
 * The indexer client alone, for apps that use only this service: `new Indexer({ ... })`, its types, and the
 * network names. The error classes are in `web3-market-contract/errors`.
 */
export * from '../../gen/indexer.gen.js'
export {
  type Network,
  NETWORKS,
  isNetwork,
  InvalidServiceUrlError,
  UnknownNetworkError,
} from '../../gen/networks.gen.js'
