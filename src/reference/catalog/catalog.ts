import type { Audience, AudienceContact, Contract } from '../../../gen/builder.gen.js'
import type { CollectibleMetadata, Order } from '../../../gen/marketplace.gen.js'
import type { GasSponsor } from '../../../gen/relayer.gen.js'
import type { ProjectId } from '../../values/project-id.js'

/** A token attribute as fixtures give it (`trait_type`, `value`). */
export type Attribute = { trait_type?: unknown; value?: unknown }

/** An order as loaded: its wire shape with its store ids, before the time of the call is applied (see toOrder). */
export type StoredOrder = Order & { id: number; collectionId: number }

/** One listing or offer wanted by GetOrders: the collection it belongs to and its order id. */
export interface WantedOrder {
  contractAddress: string
  orderId: string
}

/**
 * What the operations read, and nothing they decide: the data of the sample and fixtures, kept in memory
 * (memory.ts: the in-memory local server and the MSW handlers) or in SQL (sql.ts: a data dir or
 * PostgreSQL). Which order is the floor, what is active, how pages and filters work is written once, in
 * src/reference/handlers, over this interface.
 */
export interface Catalog {
  projects(): Promise<{ id: ProjectId; accessKey: string }[]>
  hasProject(id: ProjectId): Promise<boolean>
  collectionId(chainId: number, contractAddress: string): Promise<number | undefined>
  countTokens(collectionId: number): Promise<number>
  tokenMetadata(collectionId: number, tokenId: string): Promise<CollectibleMetadata | undefined>
  tokenAttributes(collectionId: number): Promise<Attribute[][]>
  /** Every order of one side of a collection, in load order. */
  collectionOrders(collectionId: number, side: 'listing' | 'offer'): Promise<StoredOrder[]>
  /** The orders on a chain whose collection address and order id are wanted, in load order. */
  chainOrders(chainId: number, wanted: readonly WantedOrder[]): Promise<StoredOrder[]>
  audience(projectId: ProjectId, audienceId: number): Promise<Audience | undefined>
  /** The contacts of an audience and the project's contracts of it, each ordered by id. */
  audienceMembers(
    projectId: ProjectId,
    audienceId: number,
  ): Promise<{ contacts: AudienceContact[]; contracts: Contract[] }>
  /** A project's gas sponsors on a chain, ordered by id. */
  gasSponsors(projectId: ProjectId, chainId: number): Promise<GasSponsor[]>
}
