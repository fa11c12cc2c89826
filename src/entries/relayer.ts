/**
 * The relayer client alone, for apps that use only this service: `new Relayer({ ... })`, its types, and the
 * network names. The error classes are in `web3-market-contract/errors`.
 */
export * from '../../gen/relayer.gen.js'
export {
  type Network,
  NETWORKS,
  isNetwork,
  InvalidServiceUrlError,
  UnknownNetworkError,
} from '../../gen/networks.gen.js'
