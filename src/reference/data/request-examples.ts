import { sampleCollections, sampleData, sampleProject } from './sample-data.js'

const heroes = sampleCollections.heroes.contractAddress
const cards = sampleCollections.cards.contractAddress
const collection = (address: string) => sampleData.collections!.find((c) => c.contractAddress === address)!
const firstOrder = collection(heroes).orders![0]!
const buyable = collection(cards).orders!.find(
  (o) => o.marketplace === 'platform_marketplace_v2' && o.side === 'listing' && (o.status ?? 'active') === 'active',
)!
const audience = sampleData.audiences!.find((a) => a.projectId === sampleProject.id)!

/**
 * A request example per operation, made of the local server's sample data, so that "Try it out" in an
 * API reference answers with data. Each is checked against its request schema when generated.
 */
export const requestExamples: Record<string, unknown> = {
  'Marketplace.GetCountOfAllCollectibles': { contractAddress: heroes },
  'Marketplace.GetFloorOrder': { contractAddress: heroes },
  'Marketplace.GetOrders': {
    input: [{ contractAddress: heroes, orderId: firstOrder.orderId, marketplace: firstOrder.marketplace }],
  },
  'Marketplace.GetHighestPriceListingForCollectible': {
    contractAddress: heroes,
    tokenId: collection(heroes).tokens[0]!.tokenId,
  },
  'Marketplace.GenerateBuyTransaction': {
    collectionAddress: cards,
    buyer: '0x1111111111111111111111111111111111111111',
    marketplace: 'platform_marketplace_v2',
    ordersData: [{ orderId: buyable.orderId, quantity: '1' }],
    additionalFees: [],
  },
  'Metadata.TokenCollectionFilters': { chainId: '137', contractAddress: heroes },
  'Builder.GetAudience': { projectId: sampleProject.id, audienceId: audience.id },
  'Relayer.ListGasSponsors': { projectId: sampleProject.id },
  'Indexer.AddWebhookListener': {
    url: 'https://example.com/hooks',
    filters: {
      contractAddresses: [heroes],
      events: ['Transfer(address indexed from, address indexed to, uint256 indexed tokenId)'],
    },
  },
  // The id AddWebhookListener answered with; the sample data has no listener.
  'Indexer.RemoveWebhookListener': { id: '00000000-0000-4000-8000-000000000000', projectId: String(sampleProject.id) },
}
