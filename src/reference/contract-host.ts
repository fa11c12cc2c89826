import { jwtSecretKeyVerifier, type AuthVerifiers } from '../server/auth.js'
import { createHost, type Host } from '../server/host.js'
import { platformServices } from '../server/services.js'
import type { Log } from '../observability/log.js'
import { validateRequest, validateResponse } from '../validate/index.js'
import type { Catalog } from './catalog/catalog.js'
import { builderHandlers } from './handlers/builder.js'
import { indexerHandlers, type WebhookListeners } from './handlers/indexer.js'
import { marketplaceHandlers } from './handlers/marketplace.js'
import { metadataHandlers } from './handlers/metadata.js'
import { relayerHandlers } from './handlers/relayer.js'
import type { NetworkTable } from './networks.js'

export interface ContractHostOptions {
  catalog: Catalog
  networks: NetworkTable
  listeners: WebhookListeners
  auth: AuthVerifiers
  validateResponses?: boolean
  timeoutMs?: number
  bodyLimit?: number
  log?: Log
  /** When orders expire; Date.now when absent. */
  now?: () => number
}

/** The access keys of the catalog's projects and secret keys signed with the secret: docs/auth.md as the local server checks it. */
export async function catalogAuth(catalog: Catalog, jwtSecret: string): Promise<AuthVerifiers> {
  const projectByAccessKey = new Map((await catalog.projects()).map((p) => [p.accessKey, p.id]))
  return { accessKey: (key) => projectByAccessKey.get(key), secretKey: jwtSecretKeyVerifier(jwtSecret) }
}

/**
 * The five services over one catalog behind the host's request pipeline (routes, auth, request validation,
 * errors, Webrpc header): what the local server listens with and what the MSW handlers answer with.
 */
export function contractHost(options: ContractHostOptions): Host {
  const { catalog, networks } = options
  return createHost({
    services: platformServices({
      Marketplace: marketplaceHandlers(catalog, networks, options.now),
      Metadata: metadataHandlers(catalog),
      Builder: builderHandlers(catalog),
      Relayer: relayerHandlers(catalog, networks),
      Indexer: indexerHandlers(options.listeners, networks),
    }),
    networks: networks.names,
    auth: options.auth,
    validate: validateRequest,
    validateResponse: options.validateResponses ? validateResponse : undefined,
    timeoutMs: options.timeoutMs,
    bodyLimit: options.bodyLimit,
    log: options.log,
  })
}
