import { CHAIN_IDS, NETWORKS } from '../../gen/networks.gen.js'

export interface NetworkInfo {
  name: string
  chainId: number
}

/** docs/overview.md's networks with their chain ids (generated from schema/networks.json). */
export function loadNetworks(): NetworkInfo[] {
  return NETWORKS.map((name) => ({ name, chainId: CHAIN_IDS[name] }))
}

export interface NetworkTable {
  names: string[]
  chainIdOf(network: string): number | undefined
  nameOf(chainId: number): string | undefined
}

export function networkTable(networks: NetworkInfo[] = loadNetworks()): NetworkTable {
  const byName = new Map(networks.map((n) => [n.name, n.chainId]))
  const byChain = new Map(networks.map((n) => [n.chainId, n.name]))
  return {
    names: networks.map((n) => n.name),
    chainIdOf: (network) => byName.get(network),
    nameOf: (chainId) => byChain.get(chainId),
  }
}
