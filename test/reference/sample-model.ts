import type { FixtureCollection, FixtureOrder } from '../../src/reference/fixtures/fixtures.js'
import { sampleData } from '../../src/reference/data/sample-data.js'

/** An in-memory reading of the sample data, independent of the SQL store, to compute what the server must answer. */
export function collectionAt(network: string, contractAddress: string): FixtureCollection {
  const found = sampleData.collections!.find(
    (c) => c.network === network && c.contractAddress.toLowerCase() === contractAddress.toLowerCase(),
  )
  if (!found) throw new Error(`no sample collection ${contractAddress} on ${network}`)
  return found
}

export function currencyOf(network: string, address: string) {
  const found = sampleData.currencies!.find(
    (c) => c.network === network && c.address.toLowerCase() === address.toLowerCase(),
  )
  if (!found) throw new Error(`no sample currency ${address} on ${network}`)
  return found
}

export function usdOf(network: string, order: FixtureOrder): number {
  const currency = currencyOf(network, order.currency)
  return (Number(order.pricePerToken) / 10 ** currency.decimals) * currency.usdPrice
}

export function isActive(order: FixtureOrder, now = Date.now()): boolean {
  const remaining = BigInt(order.quantityRemaining ?? order.quantity)
  const open = !order.validUntil || Date.parse(order.validUntil) > now
  return (order.status ?? 'active') === 'active' && open && remaining > 0n
}

export function activeOrders(network: string, contractAddress: string, side: 'listing' | 'offer'): FixtureOrder[] {
  return (collectionAt(network, contractAddress).orders ?? []).filter((o) => o.side === side && isActive(o))
}

export function byUsd(network: string, direction: 1 | -1) {
  return (a: FixtureOrder, b: FixtureOrder) => direction * (usdOf(network, a) - usdOf(network, b))
}
