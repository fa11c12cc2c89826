import { canonicalAddress } from '../../values/address.js'
import type { FixtureAsset, FixtureCollection, FixtureToken, Fixtures } from '../fixtures/fixtures.js'
import type { NetworkTable } from '../networks.js'
import { sampleEpoch, sampleTimes } from './order-document.js'

type Entry<K extends keyof Fixtures> = NonNullable<Fixtures[K]>[number]

/**
 * The stored documents of each fixture entity: what both stores (SQL in seed.ts, memory in
 * ../catalog/memory.ts) keep, so a fixture reads the same from either.
 */
export function chainOf(networks: NetworkTable, network: string, where: string): number {
  const chainId = networks.chainIdOf(network)
  if (chainId === undefined) throw new Error(`fixtures: unknown network "${network}" in ${where}`)
  return chainId
}

export function tokenDocument(token: FixtureToken): Record<string, unknown> {
  const { assets: _assets, ...metadata } = token
  return { ...metadata, updatedAt: sampleEpoch }
}

export const assetDocument = (asset: FixtureAsset): Record<string, unknown> => ({ ...asset, updatedAt: sampleEpoch })

export function audienceDocument(audience: Entry<'audiences'>): Record<string, unknown> {
  const { contacts: _contacts, ...rest } = audience
  return { ...rest, ...sampleTimes }
}

export function contactDocument(audienceId: number, contact: Entry<'audiences'>['contacts'][number]) {
  const address = canonicalAddress(contact.address, 'contact.address')
  return { address, doc: { ...contact, address, audienceId, ...sampleTimes } }
}

export function contractDocument(networks: NetworkTable, contract: Entry<'contracts'>): Record<string, unknown> {
  const { network, ...rest } = contract
  return {
    ...rest,
    chainId: chainOf(networks, network, `contract ${contract.id}`),
    contractAddress: canonicalAddress(contract.contractAddress, 'contract.contractAddress'),
    ...sampleTimes,
  }
}

export function gasSponsorDocument(networks: NetworkTable, sponsor: Entry<'gasSponsors'>) {
  const { network, ...rest } = sponsor
  const chainId = chainOf(networks, network, `gas sponsor ${sponsor.id}`)
  return {
    chainId,
    doc: { ...rest, chainId, address: canonicalAddress(sponsor.address, 'gasSponsor.address'), ...sampleTimes },
  }
}

/** A collection's chain and canonical address. */
export function collectionKey(networks: NetworkTable, collection: FixtureCollection) {
  return {
    chainId: chainOf(networks, collection.network, `collection ${collection.contractAddress}`),
    address: canonicalAddress(collection.contractAddress, 'collection.contractAddress'),
  }
}

export function unknownCurrency(orderId: string, currency: string, network: string): Error {
  return new Error(`fixtures: order ${orderId} uses currency ${currency}, not a currency of ${network}`)
}

export function tokenOutsideCollection(orderId: string, tokenId: string): Error {
  return new Error(`fixtures: order ${orderId} is for token ${tokenId}, not in the collection`)
}
