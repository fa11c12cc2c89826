import { Problem } from '../../problem.js'
import type { MarketplaceService, Order } from '../../../gen/marketplace.gen.js'
import type { CallContext } from '../../server/host.js'
import type { Sql } from '../../store/sql.js'
import type { NetworkTable } from '../networks.js'
import { address, decimal } from './arguments.js'
import { generateBuyTransaction } from './buy.js'
import { selectPage } from './paging.js'
import {
  activeOrder,
  collectionId,
  orderColumns,
  tokenMetadata,
  toOrder,
  type OrderRow,
} from './marketplace-queries.js'

const sortColumns: Record<string, string> = {
  createdAt: 'o.created_at',
  priceUSD: 'o.price_usd',
  orderId: 'o.order_id',
}
export const maxOrderInputs = 100

export function chainIdOf(networks: NetworkTable, context: CallContext): number {
  const chainId = context.network ? networks.chainIdOf(context.network) : undefined
  if (chainId === undefined) throw new Problem('invalid-argument', 'no network in the route')
  return chainId
}

function orderBy(sort: { column: string; order: string }[] | undefined): string {
  const parts = (sort ?? []).map((s) => {
    const column = sortColumns[s.column]
    if (!column)
      throw new Problem(
        'invalid-argument',
        `cannot sort by ${JSON.stringify(s.column.slice(0, 40))}; use ${Object.keys(sortColumns).join(', ')}`,
      )
    return `${column} ${s.order === 'ASC' ? 'asc' : 'desc'}`
  })
  return [...parts, 'o.created_at desc', 'o.id desc'].join(', ')
}

export function marketplaceHandlers(sql: Sql, networks: NetworkTable): MarketplaceService<CallContext> {
  async function findCollection(context: CallContext, contract: string, field: string) {
    const chainId = chainIdOf(networks, context)
    const id = await collectionId(sql, chainId, address(contract, field))
    return { chainId, id }
  }

  return {
    async GetCountOfAllCollectibles({ contractAddress }, context) {
      const { id } = await findCollection(context, contractAddress, 'contractAddress')
      if (id === undefined) return { count: 0 }
      const { rows } = await sql.query<{ count: string }>(
        'select count(*) as count from tokens where collection_id = $1',
        [id],
      )
      return { count: Number(rows[0]!.count) }
    },

    async GetFloorOrder({ contractAddress }, context) {
      const { id } = await findCollection(context, contractAddress, 'contractAddress')
      if (id === undefined) throw new Problem('not-found', `no collection ${contractAddress} on ${context.network}`)
      const floor = await sql.query<OrderRow>(
        `select ${orderColumns} from orders o where o.collection_id = $1 and o.side = 'listing' and ${activeOrder}
         order by o.price_usd asc, o.created_at asc, o.id asc limit 1`,
        [id],
      )
      const listingRow = floor.rows[0]
      if (!listingRow) throw new Problem('not-found', `collection ${contractAddress} has no active listing`)
      const listing = toOrder(listingRow)
      const tokenId = listing.tokenId!
      const metadata = await tokenMetadata(sql, id, tokenId)
      if (!metadata) throw new Problem('not-found', `token ${tokenId} of the floor listing has no metadata`)
      const best = await sql.query<OrderRow>(
        `select ${orderColumns} from orders o where o.collection_id = $1 and o.token_id = $2 and o.side = 'offer' and ${activeOrder}
         order by o.price_usd desc, o.created_at asc, o.id asc limit 1`,
        [id, tokenId],
      )
      const offer = best.rows[0] ? toOrder(best.rows[0]) : undefined
      return { collectible: { metadata, order: listing, listing, ...(offer ? { offer } : {}) } }
    },

    async GetOrders({ input, page }, context) {
      const chainId = chainIdOf(networks, context)
      if (input.length > maxOrderInputs)
        throw new Problem('invalid-argument', `input has ${input.length} items, at most ${maxOrderInputs}`)
      const contracts = input.map((item, i) => address(item.contractAddress, `input[${i}].contractAddress`))
      const params = [chainId, contracts, input.map((i) => i.orderId), input.map((i) => i.marketplace)]
      // marketplace "unknown" (the value SPEC's examples send) matches any marketplace.
      const where = `o.chain_id = $1 and exists (
          select 1 from unnest($2::text[], $3::text[], $4::text[]) as wanted(contract, order_id, marketplace)
          where wanted.contract = c.contract_address and wanted.order_id = o.order_id
            and (wanted.marketplace = 'unknown' or wanted.marketplace = o.marketplace))`
      const from = `from orders o join collections c on c.id = o.collection_id where ${where}`
      const selected = await selectPage<OrderRow>(
        sql,
        { columns: orderColumns, from, orderBy: orderBy(page?.sort), params },
        page,
      )
      return {
        orders: selected.rows.map(toOrder),
        page: { ...selected.page, ...(page?.sort ? { sort: page.sort } : {}) },
      }
    },

    async GetHighestPriceListingForCollectible({ contractAddress, tokenId, filter }, context) {
      const { id } = await findCollection(context, contractAddress, 'contractAddress')
      decimal(tokenId, 'tokenId')
      if (id === undefined) throw new Problem('not-found', `no collection ${contractAddress} on ${context.network}`)
      const createdBy = filter?.createdBy?.map((a, i) => address(a, `filter.createdBy[${i}]`))
      const currencies = filter?.currencies?.map((a, i) => address(a, `filter.currencies[${i}]`))
      const marketplaces = filter?.marketplace
      const params: unknown[] = [id, tokenId]
      const conditions = [`o.collection_id = $1`, `o.token_id = $2`, `o.side = 'listing'`, activeOrder]
      if (createdBy?.length) conditions.push(`o.created_by = any($${params.push(createdBy)}::text[])`)
      if (currencies?.length) conditions.push(`o.currency = any($${params.push(currencies)}::text[])`)
      if (marketplaces?.length) conditions.push(`o.marketplace = any($${params.push(marketplaces)}::text[])`)
      const { rows } = await sql.query<OrderRow>(
        `select ${orderColumns} from orders o where ${conditions.join(' and ')} order by o.price_usd desc, o.created_at asc, o.id asc limit 1`,
        params,
      )
      const order: Order | undefined = rows[0] ? toOrder(rows[0]) : undefined
      return order ? { order } : {}
    },

    GenerateBuyTransaction: (args, context) => generateBuyTransaction(sql, chainIdOf(networks, context), args),
  }
}
