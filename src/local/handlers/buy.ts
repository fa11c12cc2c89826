import { Problem } from '../../problem.js'
import type { GenerateBuyTransactionArgs, GenerateBuyTransactionReturn } from '../../../gen/marketplace.gen.js'
import type { Sql } from '../../store/sql.js'
import { buySteps, type BuyLine } from '../buy-transaction.js'
import { nativeCurrency } from '../native-currency.js'
import { address, decimal } from './arguments.js'
import { activeOrder, collectionId } from './marketplace-queries.js'

const buyableMarketplace = 'platform_marketplace_v2'
export const maxOrdersPerBuy = 50

interface ListingRow {
  order_id: string
  token_id: string
  currency: string
  price_per_token: string
  quantity_remaining: string
  active: boolean
}

/** Checks every order of the purchase against the store, then builds the steps (see buy-transaction.ts). */
export async function generateBuyTransaction(
  sql: Sql,
  chainId: number,
  args: GenerateBuyTransactionArgs,
): Promise<GenerateBuyTransactionReturn> {
  const collection = address(args.collectionAddress, 'collectionAddress')
  const buyer = address(args.buyer, 'buyer')
  if (args.marketplace !== buyableMarketplace) {
    throw new Problem(
      'invalid-argument',
      `buy transactions are generated for ${buyableMarketplace} orders only, not ${args.marketplace}`,
    )
  }
  if (args.ordersData.length === 0 || args.ordersData.length > maxOrdersPerBuy) {
    throw new Problem('invalid-argument', `ordersData must have 1 to ${maxOrdersPerBuy} orders`)
  }
  const fees = args.additionalFees.map((fee, i) => ({
    amount: decimal(fee.amount, `additionalFees[${i}].amount`),
    receiver: address(fee.receiver, `additionalFees[${i}].receiver`),
  }))
  const id = await collectionId(sql, chainId, collection)
  if (id === undefined) throw new Problem('not-found', `no collection ${collection} on chain ${chainId}`)

  const lines: BuyLine[] = []
  const currencies = new Set<string>()
  for (const [i, data] of args.ordersData.entries()) {
    const { rows } = await sql.query<ListingRow>(
      `select o.order_id, o.token_id::text, o.currency, o.price_per_token::text, o.quantity_remaining::text, (${activeOrder}) as active
       from orders o where o.collection_id = $1 and o.marketplace = $2 and o.order_id = $3 and o.side = 'listing'`,
      [id, args.marketplace, data.orderId],
    )
    const row = rows[0]
    if (!row)
      throw new Problem(
        'not-found',
        `ordersData[${i}]: no ${args.marketplace} listing ${data.orderId.slice(0, 80)} in ${collection}`,
      )
    if (!row.active) throw new Problem('invalid-argument', `ordersData[${i}]: listing ${row.order_id} is not active`)
    if (data.tokenId !== undefined && data.tokenId !== '' && data.tokenId !== row.token_id) {
      throw new Problem(
        'invalid-argument',
        `ordersData[${i}]: listing ${row.order_id} is for token ${row.token_id}, not ${data.tokenId.slice(0, 80)}`,
      )
    }
    const quantity = decimal(data.quantity, `ordersData[${i}].quantity`)
    if (quantity < 1n || quantity > BigInt(row.quantity_remaining)) {
      throw new Problem('invalid-argument', `ordersData[${i}].quantity must be 1 to ${row.quantity_remaining}`)
    }
    lines.push({
      requestId: decimal(row.order_id, `ordersData[${i}].orderId`),
      quantity,
      pricePerToken: BigInt(row.price_per_token),
    })
    currencies.add(row.currency)
  }
  if (currencies.size > 1)
    throw new Problem('invalid-argument', 'all orders of one purchase must be priced in the same currency')
  const currency = [...currencies][0]! as `0x${string}`
  if (currency === nativeCurrency && lines.length > 1) {
    // acceptRequestBatch is nonpayable in the published ABI, so a native-coin batch could not carry value.
    throw new Problem('invalid-argument', 'orders paid in the native coin are bought one at a time')
  }
  return { steps: buySteps({ buyer, currency, lines, fees }) }
}
