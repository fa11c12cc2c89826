import { Problem } from '../../values/problem.js'
import type { MarketplaceService, SortBy } from '../../../gen/marketplace.gen.js'
import type { CallContext } from '../../server/host.js'
import type { Catalog, StoredOrder } from '../catalog/catalog.js'
import type { NetworkTable } from '../networks.js'
import { address, decimal } from './arguments.js'
import { generateBuyTransaction } from './buy.js'
import { selectPage } from './paging.js'
import {
  best,
  cheapestFirst,
  createdAt,
  dearestFirst,
  ordering,
  priceUsd,
  sameToken,
  toOrder,
} from './marketplace-queries.js'

const sortKeys: Record<string, (o: StoredOrder) => number | string> = {
  createdAt,
  priceUSD: priceUsd,
  orderId: (o) => o.orderId,
}
export const MAX_ORDER_INPUTS = 100

export function chainIdOf(networks: NetworkTable, context: CallContext): number {
  const chainId = context.network ? networks.chainIdOf(context.network) : undefined
  if (chainId === undefined) throw new Problem('invalid-argument', 'no network in the route')
  return chainId
}

/** The caller's sort, then newest first, then last loaded first. */
function sortOrder(sort: SortBy[] | undefined) {
  const rules = (sort ?? []).map((s): [(o: StoredOrder) => number | string, 1 | -1] => {
    const key = sortKeys[s.column]
    if (!key)
      throw new Problem(
        'invalid-argument',
        `cannot sort by ${JSON.stringify(s.column.slice(0, 40))}; use ${Object.keys(sortKeys).join(', ')}`,
      )
    return [key, s.order === 'ASC' ? 1 : -1]
  })
  return ordering(...rules, [createdAt, -1], [(o) => o.id, -1])
}

/** The five Marketplace operations over a catalog; `now` is when orders expire (tests may fix it). */
export function marketplaceHandlers(
  catalog: Catalog,
  networks: NetworkTable,
  now: () => number = Date.now,
): MarketplaceService<CallContext> {
  async function findCollection(context: CallContext, contract: string, field: string) {
    const chainId = chainIdOf(networks, context)
    return catalog.collectionId(chainId, address(contract, field))
  }

  return {
    async GetCountOfAllCollectibles({ contractAddress }, context) {
      const id = await findCollection(context, contractAddress, 'contractAddress')
      return { count: id === undefined ? 0 : await catalog.countTokens(id) }
    },

    async GetFloorOrder({ contractAddress }, context) {
      const id = await findCollection(context, contractAddress, 'contractAddress')
      if (id === undefined) throw new Problem('not-found', `no collection ${contractAddress} on ${context.network}`)
      const at = now()
      const floor = best(await catalog.collectionOrders(id, 'listing'), at, cheapestFirst)
      if (!floor) throw new Problem('not-found', `collection ${contractAddress} has no active listing`)
      const listing = toOrder(floor, at)
      const tokenId = listing.tokenId!
      const metadata = await catalog.tokenMetadata(id, tokenId)
      if (!metadata) throw new Problem('not-found', `token ${tokenId} of the floor listing has no metadata`)
      const offers = (await catalog.collectionOrders(id, 'offer')).filter((o) => sameToken(o, tokenId))
      const offer = best(offers, at, dearestFirst)
      return { collectible: { metadata, order: listing, listing, ...(offer ? { offer: toOrder(offer, at) } : {}) } }
    },

    async GetOrders({ input, page }, context) {
      const chainId = chainIdOf(networks, context)
      if (input.length > MAX_ORDER_INPUTS)
        throw new Problem('invalid-argument', `input has ${input.length} items, at most ${MAX_ORDER_INPUTS}`)
      const wanted = input.map((item, i) => ({
        contractAddress: address(item.contractAddress, `input[${i}].contractAddress`),
        orderId: item.orderId,
        marketplace: item.marketplace as string,
      }))
      const compare = sortOrder(page?.sort)
      // marketplace "unknown" (the value the API contract's examples send) matches any marketplace.
      const found = (await catalog.chainOrders(chainId, wanted)).filter((order) =>
        wanted.some(
          (w) =>
            w.contractAddress === order.collectionContractAddress &&
            w.orderId === order.orderId &&
            (w.marketplace === 'unknown' || w.marketplace === order.marketplace),
        ),
      )
      const selected = selectPage(found.sort(compare), page)
      const at = now()
      return {
        orders: selected.rows.map((o) => toOrder(o, at)),
        page: { ...selected.page, ...(page?.sort ? { sort: page.sort } : {}) },
      }
    },

    async GetHighestPriceListingForCollectible({ contractAddress, tokenId, filter }, context) {
      const id = await findCollection(context, contractAddress, 'contractAddress')
      decimal(tokenId, 'tokenId')
      if (id === undefined) throw new Problem('not-found', `no collection ${contractAddress} on ${context.network}`)
      const createdBy = filter?.createdBy?.map((a, i) => address(a, `filter.createdBy[${i}]`))
      const currencies = filter?.currencies?.map((a, i) => address(a, `filter.currencies[${i}]`))
      const marketplaces: readonly string[] | undefined = filter?.marketplace
      const candidates = (await catalog.collectionOrders(id, 'listing')).filter(
        (o) =>
          sameToken(o, tokenId) &&
          (!createdBy?.length || createdBy.includes(o.createdBy as `0x${string}`)) &&
          (!currencies?.length || currencies.includes(o.priceCurrencyAddress as `0x${string}`)) &&
          (!marketplaces?.length || marketplaces.includes(o.marketplace)),
      )
      const at = now()
      const order = best(candidates, at, dearestFirst)
      return order ? { order: toOrder(order, at) } : {}
    },

    GenerateBuyTransaction: (args, context) =>
      generateBuyTransaction(catalog, chainIdOf(networks, context), args, now()),
  }
}
