import { Problem } from '../../values/problem.js'
import type { GenerateBuyTransactionArgs, GenerateBuyTransactionReturn } from '../../../gen/marketplace.gen.js'
import type { Catalog } from '../catalog/catalog.js'
import type { BuyLine } from './buy-transaction.js'
import { nativeCurrency } from '../data/native-currency.js'
import { tokenKey } from '../catalog/token-key.js'
import { address, decimal } from './arguments.js'
import { isActive } from './marketplace-queries.js'

const buyableMarketplace = 'platform_marketplace_v2'
export const MAX_ORDERS_PER_BUY = 50

/** Checks every order of the purchase against the catalog at `now`, then builds the steps (see buy-transaction.ts). */
export async function generateBuyTransaction(
  catalog: Catalog,
  chainId: number,
  args: GenerateBuyTransactionArgs,
  now: number,
): Promise<GenerateBuyTransactionReturn> {
  const collection = address(args.collectionAddress, 'collectionAddress')
  const buyer = address(args.buyer, 'buyer')
  if (args.marketplace !== buyableMarketplace) {
    throw new Problem(
      'invalid-argument',
      `buy transactions are generated for ${buyableMarketplace} orders only, not ${args.marketplace}`,
    )
  }
  if (args.ordersData.length === 0 || args.ordersData.length > MAX_ORDERS_PER_BUY) {
    throw new Problem('invalid-argument', `ordersData must have 1 to ${MAX_ORDERS_PER_BUY} orders`)
  }
  const fees = args.additionalFees.map((fee, i) => ({
    amount: decimal(fee.amount, `additionalFees[${i}].amount`),
    receiver: address(fee.receiver, `additionalFees[${i}].receiver`),
  }))
  const id = await catalog.collectionId(chainId, collection)
  if (id === undefined) throw new Problem('not-found', `no collection ${collection} on chain ${chainId}`)

  const lines: BuyLine[] = []
  const currencies = new Set<string>()
  const listings = await catalog.collectionOrders(id, 'listing')
  for (const [i, data] of args.ordersData.entries()) {
    const row = listings.find((o) => o.marketplace === args.marketplace && o.orderId === data.orderId)
    if (!row)
      throw new Problem(
        'not-found',
        `ordersData[${i}]: no ${args.marketplace} listing ${data.orderId.slice(0, 80)} in ${collection}`,
      )
    if (!isActive(row, now))
      throw new Problem('invalid-argument', `ordersData[${i}]: listing ${row.orderId} is not active`)
    const tokenId = tokenKey(row.tokenId!)
    if (data.tokenId !== undefined && data.tokenId !== '' && data.tokenId !== tokenId) {
      throw new Problem(
        'invalid-argument',
        `ordersData[${i}]: listing ${row.orderId} is for token ${tokenId}, not ${data.tokenId.slice(0, 80)}`,
      )
    }
    const quantity = decimal(data.quantity, `ordersData[${i}].quantity`)
    if (quantity < 1n || quantity > BigInt(row.quantityRemaining!)) {
      throw new Problem('invalid-argument', `ordersData[${i}].quantity must be 1 to ${row.quantityRemaining}`)
    }
    lines.push({
      requestId: decimal(row.orderId, `ordersData[${i}].orderId`),
      quantity,
      pricePerToken: BigInt(row.priceAmount),
    })
    currencies.add(row.priceCurrencyAddress)
  }
  if (currencies.size > 1)
    throw new Problem('invalid-argument', 'all orders of one purchase must be priced in the same currency')
  const currency = [...currencies][0]! as `0x${string}`
  if (currency === nativeCurrency && lines.length > 1) {
    // acceptRequestBatch is nonpayable in the published ABI, so a native-coin batch could not carry value.
    throw new Problem('invalid-argument', 'orders paid in the native coin are bought one at a time')
  }
  // The calldata encoder (viem's ABI code) loads with the first purchase, not with the server.
  const { buySteps } = await import('./buy-transaction.js')
  return { steps: buySteps({ buyer, currency, lines, fees }) }
}
