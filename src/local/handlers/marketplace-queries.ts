import type { CollectibleMetadata, Order } from '../../../gen/marketplace.gen.js'
import type { Sql } from '../../store/sql.js'

export interface OrderRow {
  id: string
  collection_id: string
  doc: Omit<Order, 'id' | 'collectionId'>
  expired: boolean
}

export const orderColumns = `o.id, o.collection_id, o.doc, (o.valid_until <= now()) as expired`

/** Active = status active, not past validUntil, and something left to trade. */
export const activeOrder = `o.status = 'active' and o.valid_until > now() and o.quantity_remaining > 0`

export function toOrder(row: OrderRow): Order {
  const order: Order = { ...row.doc, id: Number(row.id), collectionId: Number(row.collection_id) }
  if (row.expired && order.status === 'active') {
    order.status = 'expired' as Order['status']
    order.quantityAvailable = '0'
    order.quantityAvailableFormatted = '0'
  }
  return order
}

export async function collectionId(sql: Sql, chainId: number, contractAddress: string): Promise<number | undefined> {
  const { rows } = await sql.query<{ id: string }>(
    'select id from collections where chain_id = $1 and contract_address = $2',
    [chainId, contractAddress],
  )
  return rows[0] ? Number(rows[0].id) : undefined
}

export async function tokenMetadata(
  sql: Sql,
  collection: number,
  tokenId: string,
): Promise<CollectibleMetadata | undefined> {
  const token = await sql.query<{ metadata: CollectibleMetadata }>(
    'select metadata from tokens where collection_id = $1 and token_id = $2',
    [collection, tokenId],
  )
  const metadata = token.rows[0]?.metadata
  if (!metadata) return undefined
  const assets = await sql.query<{ id: string; doc: Record<string, unknown> }>(
    'select id, doc from assets where collection_id = $1 and token_id = $2 order by id',
    [collection, tokenId],
  )
  return {
    ...metadata,
    assets: assets.rows.map(
      (a) =>
        ({ ...a.doc, id: Number(a.id), collectionId: collection, tokenId }) as NonNullable<
          CollectibleMetadata['assets']
        >[number],
    ),
  }
}
