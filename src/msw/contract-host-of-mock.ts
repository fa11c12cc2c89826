import type { Fixtures } from '../reference/fixtures/fixtures.js'
import type { Log } from '../observability/log.js'
import { memoryCatalog } from '../reference/catalog/memory.js'
import { contractHost } from '../reference/contract-host.js'
import { networkTable } from '../reference/networks.js'
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
