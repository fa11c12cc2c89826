import { Builder } from '../../gen/builder.gen.js'
import { Indexer } from '../../gen/indexer.gen.js'
import { Marketplace, type BaseCallOptions, type Fetch } from '../../gen/marketplace.gen.js'
import { Metadata } from '../../gen/metadata.gen.js'
import { CHAIN_IDS, SERVICE_ROUTES, assertNetwork, type Network, type ServiceUrls } from '../../gen/networks.gen.js'
import { Relayer } from '../../gen/relayer.gen.js'

/** The clients' keys, network and addresses, and the call options (`timeoutMs`, `retry`, hooks, `validateResponses`) of all five. */
export interface ClientsOptions extends BaseCallOptions {
  /** Network of Marketplace, Relayer and Indexer calls; a client never changes network, create new clients instead. */
  network: Network
  /** Public project access key, sent as X-Access-Key on every call. */
  accessKey: string
  /**
   * Secret API key (a JWT of a service account), sent as `Authorization: BEARER <secretKey>` on the
   * webhook calls only. Server-side only: never put it in a browser bundle or a mobile app.
   */
  secretKey?: string
  /** Defaults to the global fetch. */
  fetch?: Fetch
  /** Address templates replacing the default of each service; `{network}` stands for the network name. */
  urls?: ServiceUrls
}

export interface Clients {
  readonly network: Network
  /** Numeric chain id of the network; Metadata takes it as text (`chainId: String(clients.chainId)`). */
  readonly chainId: number
  readonly marketplace: Marketplace
  readonly metadata: Metadata
  readonly builder: Builder
  readonly relayer: Relayer
  readonly indexer: Indexer
}

function checkUrls(urls: ServiceUrls): void {
  for (const service of Object.keys(urls)) {
    if (!Object.prototype.hasOwnProperty.call(SERVICE_ROUTES, service)) {
      throw new TypeError(`urls.${service}: unknown service; expected ${Object.keys(SERVICE_ROUTES).join(', ')}`)
    }
  }
}

/** The five typed clients of one network, sharing keys, fetch and address overrides. */
export function createClients({ network, secretKey, urls = {}, ...shared }: ClientsOptions): Clients {
  assertNetwork(network)
  checkUrls(urls)
  return {
    network,
    chainId: CHAIN_IDS[network],
    marketplace: new Marketplace({ ...shared, network, url: urls.marketplace }),
    metadata: new Metadata({ ...shared, url: urls.metadata }),
    builder: new Builder({ ...shared, url: urls.builder }),
    relayer: new Relayer({ ...shared, network, url: urls.relayer }),
    indexer: new Indexer({ ...shared, network, secretKey, url: urls.indexer }),
  }
}
