import { BuilderAuth } from '../../gen/builder.gen.js'
import { IndexerAuth } from '../../gen/indexer.gen.js'
import { MarketplaceAuth } from '../../gen/marketplace.gen.js'
import { MetadataAuth } from '../../gen/metadata.gen.js'
import { RelayerAuth } from '../../gen/relayer.gen.js'
import { SERVICE_ROUTES, type ServiceName } from '../../gen/networks.gen.js'

/** One operation of the contract, as the checks address it. */
export interface Operation {
  /** `marketplace`, … (the key of its address). */
  service: ServiceName
  /** `Marketplace`, … (its name in the path). */
  serviceName: string
  method: string
  /** `Marketplace.GetFloorOrder`. */
  key: string
  /** `/rpc/Marketplace/GetFloorOrder`. */
  path: string
  /** Whether it takes the secret key as well (docs/auth.md). */
  needsSecretKey: boolean
  /** Whether its address carries the network (docs/endpoints.md). */
  networkScoped: boolean
}

const authTables = {
  marketplace: ['Marketplace', MarketplaceAuth],
  metadata: ['Metadata', MetadataAuth],
  builder: ['Builder', BuilderAuth],
  relayer: ['Relayer', RelayerAuth],
  indexer: ['Indexer', IndexerAuth],
} as const satisfies Record<ServiceName, readonly [string, Record<string, string>]>

export const serviceNames = Object.keys(authTables) as ServiceName[]

/** The operations of the selected services, from the generated auth tables (one entry per method). */
export function operationsOf(services: readonly ServiceName[]): Operation[] {
  return services.flatMap((service) => {
    const [serviceName, auth] = authTables[service]
    return Object.entries(auth as Record<string, string>).map(([method, kind]) => ({
      service,
      serviceName,
      method,
      key: `${serviceName}.${method}`,
      path: `/rpc/${serviceName}/${method}`,
      needsSecretKey: kind === 'secretKey',
      networkScoped: SERVICE_ROUTES[service].shape !== 'fixed',
    }))
  })
}
