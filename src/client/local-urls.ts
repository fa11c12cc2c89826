import type { ServiceUrls } from '../../gen/networks.gen.js'

/**
 * Address templates of one server that hosts all five services under one origin, as the local
 * contract server does: the network is a path segment for Marketplace and a `<network>-relayer` or
 * `<network>-indexer` path prefix where the public hosts use a host-name prefix.
 */
export function localUrls(baseUrl: string): Required<ServiceUrls> {
  const base = baseUrl.replace(/\/+$/, '')
  return {
    marketplace: `${base}/{network}/`,
    metadata: base,
    builder: base,
    relayer: `${base}/{network}-relayer`,
    indexer: `${base}/{network}-indexer`,
  }
}
