import type { Audience, AudienceContact, Contract } from '../../../gen/builder.gen.js'
import type { Asset, CollectibleMetadata } from '../../../gen/marketplace.gen.js'
import type { GasSponsor } from '../../../gen/relayer.gen.js'
import { canonicalAddress } from '../../values/address.js'
import type { ProjectId } from '../../values/project-id.js'
import type { Fixtures, FixtureCollection } from '../fixtures/fixtures.js'
import type { NetworkTable } from '../networks.js'
import {
  assetDocument,
  audienceDocument,
  chainOf,
  collectionKey,
  contactDocument,
  contractDocument,
  gasSponsorDocument,
  tokenDocument,
  tokenOutsideCollection,
  unknownCurrency,
} from './documents.js'
import { orderDocument, type CurrencyInfo } from './order-document.js'
import type { Attribute, Catalog, StoredOrder, WantedOrder } from './catalog.js'
import { tokenKey } from './token-key.js'

interface Token {
  metadata: Record<string, unknown>
  /** By metadata field, in load order; ids as the SQL store's identity column gives them. */
  assets: Map<string, Record<string, unknown> & { id: number }>
}

interface Collection {
  id: number
  chainId: number
  address: string
  /** By token id in decimal (the SQL store keys them as numeric). */
  tokens: Map<string, Token>
}

/** Counters that hand out ids as the SQL store's identity columns do: in load order, kept on upsert. */
class Ids {
  private last = 0
  next = () => ++this.last
}

/**
 * The catalog in memory: fixtures loaded in order with the SQL store's upsert rules (seed.ts), for the
 * in-memory local server and the MSW handlers. Nothing to open, nothing to close.
 */
export function memoryCatalog(networks: NetworkTable, documents: readonly Fixtures[]): Catalog {
  const projects = new Map<number, string>()
  const currencies = new Map<string, CurrencyInfo>()
  const collections = new Map<string, Collection>()
  const orders = new Map<string, StoredOrder>()
  const audiences = new Map<number, Audience>()
  const contacts = new Map<string, AudienceContact & { id: number }>()
  const contracts = new Map<number, { audienceId: number | undefined; doc: Contract }>()
  const sponsors = new Map<number, GasSponsor & { projectId: number }>()
  const collectionIds = new Ids()
  const assetIds = new Ids()
  const orderIds = new Ids()
  const contactIds = new Ids()

  function loadCollection(fixture: FixtureCollection): void {
    const { chainId, address } = collectionKey(networks, fixture)
    const key = `${chainId} ${address}`
    const collection = collections.get(key) ?? { id: collectionIds.next(), chainId, address, tokens: new Map() }
    collections.set(key, collection)
    const decimalsOf = new Map<string, number>()
    for (const token of fixture.tokens) {
      decimalsOf.set(token.tokenId, token.decimals ?? 0)
      const stored = collection.tokens.get(tokenKey(token.tokenId)) ?? { metadata: {}, assets: new Map() }
      stored.metadata = tokenDocument(token)
      for (const asset of token.assets ?? []) {
        const id = stored.assets.get(asset.metadataField)?.id ?? assetIds.next()
        stored.assets.set(asset.metadataField, { ...assetDocument(asset), id })
      }
      collection.tokens.set(tokenKey(token.tokenId), stored)
    }
    for (const order of fixture.orders ?? []) {
      const currency = currencies.get(`${chainId} ${canonicalAddress(order.currency, 'order.currency')}`)
      if (!currency) throw unknownCurrency(order.orderId, order.currency, fixture.network)
      if (!decimalsOf.has(order.tokenId)) throw tokenOutsideCollection(order.orderId, order.tokenId)
      const doc = orderDocument(order, chainId, address, currency, decimalsOf.get(order.tokenId)!)
      const key = `${chainId} ${doc.marketplace} ${doc.orderId}`
      const id = orders.get(key)?.id ?? orderIds.next()
      orders.set(key, { ...doc, id, collectionId: collection.id })
    }
  }

  for (const fixtures of documents) {
    for (const project of fixtures.projects ?? []) projects.set(project.id, project.accessKey)
    for (const currency of fixtures.currencies ?? []) {
      const chainId = chainOf(networks, currency.network, `currency ${currency.symbol}`)
      currencies.set(`${chainId} ${canonicalAddress(currency.address, 'currency.address')}`, {
        decimals: currency.decimals,
        usdPrice: currency.usdPrice,
      })
    }
    for (const collection of fixtures.collections ?? []) loadCollection(collection)
    for (const audience of fixtures.audiences ?? []) {
      audiences.set(audience.id, audienceDocument(audience) as unknown as Audience)
      for (const contact of audience.contacts) {
        const { address, doc } = contactDocument(audience.id, contact)
        const key = `${audience.id} ${address}`
        contacts.set(key, { ...doc, id: contacts.get(key)?.id ?? contactIds.next() })
      }
    }
    for (const contract of fixtures.contracts ?? [])
      contracts.set(contract.id, {
        audienceId: contract.audienceId,
        doc: contractDocument(networks, contract) as unknown as Contract,
      })
    for (const sponsor of fixtures.gasSponsors ?? [])
      sponsors.set(
        sponsor.id,
        gasSponsorDocument(networks, sponsor).doc as unknown as GasSponsor & { projectId: number },
      )
  }

  const collectionById = new Map([...collections.values()].map((c) => [c.id, c]))
  const byId = <T>(entries: Iterable<[number, T]>): T[] => [...entries].sort(([a], [b]) => a - b).map(([, v]) => v)
  const allOrders = () => [...orders.values()].sort((a, b) => a.id - b.id)

  return {
    projects: async () => [...projects].map(([id, accessKey]) => ({ id: id as ProjectId, accessKey })),
    hasProject: async (id) => projects.has(id),
    collectionId: async (chainId, address) => collections.get(`${chainId} ${address}`)?.id,
    countTokens: async (id) => collectionById.get(id)?.tokens.size ?? 0,
    async tokenMetadata(id, tokenId) {
      const token = collectionById.get(id)?.tokens.get(tokenKey(tokenId))
      if (!token) return undefined
      const assets = [...token.assets.values()]
        .sort((a, b) => a.id - b.id)
        .map((asset) => ({ ...asset, collectionId: id, tokenId }) as unknown as Asset)
      return { ...token.metadata, assets } as unknown as CollectibleMetadata
    },
    tokenAttributes: async (id) =>
      [...(collectionById.get(id)?.tokens.values() ?? [])].map(({ metadata }) =>
        Array.isArray(metadata.attributes) ? (metadata.attributes as Attribute[]) : [],
      ),
    collectionOrders: async (id, side) => allOrders().filter((o) => o.collectionId === id && o.side === side),
    async chainOrders(chainId, wanted: readonly WantedOrder[]) {
      const keys = new Set(wanted.map((w) => `${w.contractAddress} ${w.orderId}`))
      return allOrders().filter((o) => o.chainId === chainId && keys.has(`${o.collectionContractAddress} ${o.orderId}`))
    },
    audience: async (projectId, audienceId) => {
      const audience = audiences.get(audienceId)
      return audience?.projectId === projectId ? audience : undefined
    },
    audienceMembers: async (projectId, audienceId) => ({
      contacts: byId([...contacts.values()].filter((c) => c.audienceId === audienceId).map((c) => [c.id, c])),
      contracts: byId(
        [...contracts].filter(([, c]) => c.doc.projectId === projectId && c.audienceId === audienceId),
      ).map((c) => c.doc),
    }),
    gasSponsors: async (projectId, chainId) =>
      byId([...sponsors].filter(([, s]) => s.projectId === projectId && s.chainId === chainId)),
  }
}
