import { decimalProblem } from '../decimal.js'
import type { Fixtures } from './fixtures.js'

/** What the schema cannot say: data that would load but could not be served correctly, each at its JSON path. */
export function unservableFixtures(fixtures: Fixtures, known: readonly Fixtures[] = []): string[] {
  const problems: string[] = []
  const duplicates = <T>(items: readonly T[] | undefined, path: string, keyOf: (item: T) => string, what: string) => {
    const seen = new Map<string, number>()
    items?.forEach((item, i) => {
      const key = keyOf(item)
      const first = seen.get(key)
      if (first === undefined) seen.set(key, i)
      else problems.push(`${path}/${i}: ${what} ${key} is already at ${path}/${first}`)
    })
  }
  duplicates(fixtures.projects, '/projects', (p) => String(p.id), 'id')
  duplicates(fixtures.currencies, '/currencies', (c) => `${c.network} ${c.address.toLowerCase()}`, 'currency')
  duplicates(
    fixtures.collections,
    '/collections',
    (c) => `${c.network} ${c.contractAddress.toLowerCase()}`,
    'collection',
  )
  duplicates(fixtures.audiences, '/audiences', (a) => String(a.id), 'id')
  duplicates(fixtures.contracts, '/contracts', (c) => String(c.id), 'id')
  duplicates(fixtures.gasSponsors, '/gasSponsors', (g) => String(g.id), 'id')

  const currencies = new Set(
    [...known, fixtures].flatMap((f) => (f.currencies ?? []).map((c) => `${c.network} ${c.address.toLowerCase()}`)),
  )
  const orderIds = new Map<string, string>()
  fixtures.collections?.forEach((collection, c) => {
    const at = `/collections/${c}`
    duplicates(collection.tokens, `${at}/tokens`, (t) => t.tokenId, 'tokenId')
    const tokens = new Set(collection.tokens.map((t) => t.tokenId))
    collection.orders?.forEach((order, o) => {
      const path = `${at}/orders/${o}`
      const key = `${collection.network} ${order.marketplace} ${order.orderId}`
      const first = orderIds.get(key)
      if (first) problems.push(`${path}/orderId: ${order.marketplace} order ${order.orderId} is already at ${first}`)
      else orderIds.set(key, `${path}/orderId`)
      if (!tokens.has(order.tokenId))
        problems.push(`${path}/tokenId: token ${order.tokenId} is not a token of this collection`)
      if (!currencies.has(`${collection.network} ${order.currency.toLowerCase()}`))
        problems.push(`${path}/currency: ${order.currency} is not a currency of ${collection.network}`)
      if (order.marketplace === 'platform_marketplace_v2' && decimalProblem(order.orderId))
        problems.push(
          `${path}/orderId: a platform_marketplace_v2 order id is a uint256 in decimal, got ${order.orderId}`,
        )
    })
  })
  return problems
}
