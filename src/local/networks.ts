import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

export interface NetworkInfo {
  name: string
  chainId: number
}

const networksFile = fileURLToPath(new URL('../../schema/networks.json', import.meta.url))

/** SPEC §1's networks with their chain ids, from schema/networks.json. */
export function loadNetworks(): NetworkInfo[] {
  const document = JSON.parse(readFileSync(networksFile, 'utf8')) as { networks: NetworkInfo[] }
  return document.networks.map(({ name, chainId }) => ({ name, chainId }))
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
