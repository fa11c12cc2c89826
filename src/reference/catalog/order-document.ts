import { canonicalAddress } from '../../values/address.js'
import { formatUnits } from 'viem/utils'
import type { Order } from '../../../gen/marketplace.gen.js'
import type { FixtureOrder } from '../fixtures/fixtures.js'

export interface CurrencyInfo {
  decimals: number
  usdPrice: number
}

/** The marketplace's own on-chain contracts (docs/resources.md MarketplaceKind), whose orders the wire names origin `platform`. */
const ownMarketplaceKinds = new Set(['platform_marketplace_v1', 'platform_marketplace_v2'])
const sourcedKinds = new Set([...ownMarketplaceKinds, 'opensea', 'magic_eden'])

export const farFuture = '2099-12-31T23:59:59.000Z'
export const sampleEpoch = '2025-01-01T00:00:00.000Z'

/** The times of an entity whose fixture gives none: made and last changed at the sample epoch. */
export const sampleTimes = { createdAt: sampleEpoch, updatedAt: sampleEpoch } as const

/**
 * The wire Order of a fixture order. Amounts stay decimal strings in base units; the *Formatted twins are
 * the same amounts in whole units. priceAmountNet is what the seller receives after feeBreakdown.
 */
export function orderDocument(
  order: FixtureOrder,
  chainId: number,
  collectionAddress: string,
  currency: CurrencyInfo,
  quantityDecimals: number,
): Omit<Order, 'id' | 'collectionId'> {
  const price = BigInt(order.pricePerToken)
  const feeBreakdown = (order.feeBreakdown ?? []).map((fee) => ({
    ...fee,
    recipientAddress: canonicalAddress(fee.recipientAddress, 'order.feeBreakdown.recipientAddress'),
  }))
  const feeBps = feeBreakdown.reduce((sum, fee) => sum + fee.bps, 0)
  const net = price - (price * BigInt(feeBps)) / 10_000n
  const status = order.status ?? 'active'
  const remaining = order.quantityRemaining ?? order.quantity
  const priceFormatted = formatUnits(price, currency.decimals)
  const priceUSD = Math.round(Number(priceFormatted) * currency.usdPrice * 100) / 100
  const createdAt = order.createdAt ?? sampleEpoch
  return {
    orderId: order.orderId,
    marketplace: order.marketplace as Order['marketplace'],
    source: (sourcedKinds.has(order.marketplace) ? order.marketplace : 'external') as Order['source'],
    side: order.side as Order['side'],
    status: status as Order['status'],
    chainId,
    originName: ownMarketplaceKinds.has(order.marketplace) ? 'platform' : order.marketplace,
    collectionContractAddress: canonicalAddress(collectionAddress, 'order.collection'),
    createdBy: canonicalAddress(order.createdBy, 'order.createdBy'),
    priceAmount: price.toString(),
    priceAmountFormatted: priceFormatted,
    priceAmountNet: net.toString(),
    priceAmountNetFormatted: formatUnits(net, currency.decimals),
    priceCurrencyAddress: canonicalAddress(order.currency, 'order.currency'),
    priceDecimals: currency.decimals,
    priceUSD,
    priceUSDFormatted: priceUSD.toFixed(2),
    quantityInitial: order.quantity,
    quantityInitialFormatted: formatUnits(BigInt(order.quantity), quantityDecimals),
    quantityRemaining: remaining,
    quantityRemainingFormatted: formatUnits(BigInt(remaining), quantityDecimals),
    quantityAvailable: status === 'active' ? remaining : '0',
    quantityAvailableFormatted: status === 'active' ? formatUnits(BigInt(remaining), quantityDecimals) : '0',
    quantityDecimals,
    feeBps,
    feeBreakdown,
    validFrom: order.validFrom ?? createdAt,
    validUntil: order.validUntil ?? farFuture,
    blockNumber: order.blockNumber ?? 0,
    createdAt,
    updatedAt: createdAt,
    tokenId: order.tokenId,
    orderCreatedAt: createdAt,
    orderUpdatedAt: createdAt,
  }
}
