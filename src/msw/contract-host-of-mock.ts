import type { Fixtures } from '../local/fixtures.js'
import type { Log } from '../log.js'
import { memoryCatalog } from '../local/catalog/memory.js'
import { contractHost } from '../local/contract-host.js'
import { networkTable } from '../local/networks.js'
import type { AuthVerifiers } from '../server/auth.js'
import type { Host } from '../server/host.js'
import type { MockListeners } from './listeners.js'

export interface MockHostOptions {
  documents: readonly Fixtures[]
  listeners: MockListeners
  auth: AuthVerifiers
  validateResponses?: boolean
  now?: () => number
  log?: Log
}

/** The local server's host over the fixtures in memory: what contractHandlers() answers with. */
export function mockHost(options: MockHostOptions): Host {
  const networks = networkTable()
  return contractHost({ ...options, catalog: memoryCatalog(networks, options.documents), networks })
}
