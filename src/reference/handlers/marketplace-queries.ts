import type { Order } from '../../../gen/marketplace.gen.js'
import type { StoredOrder } from '../catalog/catalog.js'
import { tokenKey } from '../catalog/token-key.js'

const time = (iso: string | undefined): number => (iso ? Date.parse(iso) : Number.NaN)

/** Active = status active, not past validUntil, and something left to trade. */
export function isActive(order: StoredOrder, now: number): boolean {
  return order.status === 'active' && time(order.validUntil) > now && BigInt(order.quantityRemaining ?? '0') > 0n
}

/** The order as answered at `now`: an active order past its validUntil reads as expired with nothing available. */
export function toOrder(order: StoredOrder, now: number): Order {
  const answer: Order = { ...order }
  if (time(order.validUntil) <= now && answer.status === 'active') {
    answer.status = 'expired' as Order['status']
    answer.quantityAvailable = '0'
    answer.quantityAvailableFormatted = '0'
  }
  return answer
}

export const sameToken = (order: StoredOrder, tokenId: string): boolean =>
  tokenKey(order.tokenId ?? '') === tokenKey(tokenId)

type Compare = (a: StoredOrder, b: StoredOrder) => number
const by =
  (key: (o: StoredOrder) => number | string, direction: 1 | -1): Compare =>
  (a, b) => {
    const x = key(a)
    const y = key(b)
    return x < y ? -direction : x > y ? direction : 0
  }
export const createdAt = (o: StoredOrder) => time(o.createdAt)
export const priceUsd = (o: StoredOrder) => o.priceUSD ?? 0

/** Compares by each rule in turn: the first that tells two orders apart decides. */
export function ordering(...rules: [key: (o: StoredOrder) => number | string, direction: 1 | -1][]): Compare {
  const compares = rules.map(([key, direction]) => by(key, direction))
  return (a, b) => {
    for (const compare of compares) {
      const result = compare(a, b)
      if (result !== 0) return result
    }
    return 0
  }
}

/** Ties between equal prices go to the older order, then the one loaded first. */
export const cheapestFirst = ordering([priceUsd, 1], [createdAt, 1], [(o) => o.id, 1])
export const dearestFirst = ordering([priceUsd, -1], [createdAt, 1], [(o) => o.id, 1])

/** The first active order in `compare`'s order, if any. */
export function best(orders: readonly StoredOrder[], now: number, compare: Compare): StoredOrder | undefined {
  return orders.filter((o) => isActive(o, now)).sort(compare)[0]
}
