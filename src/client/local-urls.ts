import { SERVICE_ROUTES, type ServiceName, type ServiceUrls } from '../../gen/networks.gen.js'

/**
 * Address templates of one server that hosts all five services under one origin, as the local
 * contract server does, by each service's shape in schema/networks.json: the network is a path segment
 * where it is one on the public hosts, and a `<network>-<service>` path prefix where they use a
 * host-name prefix.
 */
export function localUrls(baseUrl: string): Required<ServiceUrls> {
  const base = baseUrl.replace(/\/+$/, '')
  const local = (service: ServiceName): string => {
    switch (SERVICE_ROUTES[service].shape) {
      case 'fixed':
        return base
      case 'network-path-segment':
        return `${base}/{network}/`
      case 'network-host-prefix':
        return `${base}/{network}-${service}`
    }
  }
  return {
    marketplace: local('marketplace'),
    metadata: local('metadata'),
    builder: local('builder'),
    relayer: local('relayer'),
    indexer: local('indexer'),
  }
}
