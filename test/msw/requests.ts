import { sampleCollections, sampleProject } from '../../src/reference/data/sample-data.js'

/** One raw call: where (a localUrls-shaped path), what headers beyond the access key, what body. */
export interface RawCall {
  name: string
  path: string
  body: string
  headers?: Record<string, string>
  method?: string
  /** Sends the secret key as `Authorization: BEARER`. */
  bearer?: boolean
}

const heroes = sampleCollections.heroes.contractAddress
const cards = sampleCollections.cards.contractAddress
const json = (value: unknown) => JSON.stringify(value)

/** The same calls for the local server and the MSW handlers: answers, paging, filters, auth and every kind of error. */
export const rawCalls: RawCall[] = [
  {
    name: 'count',
    path: '/polygon/rpc/Marketplace/GetCountOfAllCollectibles',
    body: json({ contractAddress: heroes }),
  },
  {
    name: 'count, unknown collection',
    path: '/polygon/rpc/Marketplace/GetCountOfAllCollectibles',
    body: json({ contractAddress: '0x' + '1'.repeat(40) }),
  },
  { name: 'floor', path: '/polygon/rpc/Marketplace/GetFloorOrder', body: json({ contractAddress: heroes }) },
  {
    name: 'floor, other collection',
    path: '/polygon/rpc/Marketplace/GetFloorOrder',
    body: json({ contractAddress: cards }),
  },
  {
    name: 'floor, amoy',
    path: '/amoy/rpc/Marketplace/GetFloorOrder',
    body: json({ contractAddress: sampleCollections.amoyItems.contractAddress }),
  },
  { name: 'floor, not found', path: '/mainnet/rpc/Marketplace/GetFloorOrder', body: json({ contractAddress: heroes }) },
  {
    name: 'orders, sorted and paged',
    path: '/polygon/rpc/Marketplace/GetOrders',
    body: json({
      input: ['101', '102', '104', '106', '107'].map((orderId) => ({
        contractAddress: heroes,
        orderId,
        marketplace: 'unknown',
      })),
      page: { page: 2, pageSize: 2, sort: [{ column: 'priceUSD', order: 'ASC' }] },
    }),
  },
  {
    name: 'orders, one marketplace',
    path: '/polygon/rpc/Marketplace/GetOrders',
    body: json({
      input: [
        { contractAddress: heroes, orderId: '101', marketplace: 'opensea' },
        { contractAddress: heroes, orderId: '102', marketplace: 'platform_marketplace_v2' },
      ],
    }),
  },
  {
    name: 'orders, bad sort',
    path: '/polygon/rpc/Marketplace/GetOrders',
    body: json({ input: [], page: { sort: [{ column: 'nope', order: 'ASC' }] } }),
  },
  {
    name: 'orders, bad page',
    path: '/polygon/rpc/Marketplace/GetOrders',
    body: json({ input: [], page: { page: 0 } }),
  },
  {
    name: 'highest listing',
    path: '/polygon/rpc/Marketplace/GetHighestPriceListingForCollectible',
    body: json({ contractAddress: heroes, tokenId: '1' }),
  },
  {
    name: 'highest listing, filtered',
    path: '/polygon/rpc/Marketplace/GetHighestPriceListingForCollectible',
    body: json({
      contractAddress: heroes,
      tokenId: '1',
      filter: { marketplace: ['platform_marketplace_v2'], currencies: ['0x3c499c542cef5e3811e1192ce70d8cc03d5c3359'] },
    }),
  },
  {
    name: 'highest listing, none',
    path: '/polygon/rpc/Marketplace/GetHighestPriceListingForCollectible',
    body: json({ contractAddress: heroes, tokenId: '999' }),
  },
  {
    name: 'buy',
    path: '/polygon/rpc/Marketplace/GenerateBuyTransaction',
    body: json({
      collectionAddress: heroes,
      buyer: '0xb0b0000000000000000000000000000000000001',
      marketplace: 'platform_marketplace_v2',
      ordersData: [{ orderId: '101', quantity: '1', tokenId: '1' }],
      additionalFees: [{ amount: '1000', receiver: '0xfee0000000000000000000000000000000000fee' }],
      walletType: 'unknown',
    }),
  },
  {
    name: 'buy, cancelled listing',
    path: '/polygon/rpc/Marketplace/GenerateBuyTransaction',
    body: json({
      collectionAddress: heroes,
      buyer: '0xb0b0000000000000000000000000000000000001',
      marketplace: 'platform_marketplace_v2',
      ordersData: [{ orderId: '106', quantity: '1' }],
      additionalFees: [],
      walletType: 'unknown',
    }),
  },
  {
    name: 'filters',
    path: '/rpc/Metadata/TokenCollectionFilters',
    body: json({ chainId: '137', contractAddress: heroes }),
  },
  {
    name: 'filters, bad chain id',
    path: '/rpc/Metadata/TokenCollectionFilters',
    body: json({ chainId: 'x', contractAddress: heroes }),
  },
  { name: 'audience', path: '/rpc/Builder/GetAudience', body: json({ projectId: sampleProject.id, audienceId: 1 }) },
  { name: 'audience, other project', path: '/rpc/Builder/GetAudience', body: json({ projectId: 2, audienceId: 1 }) },
  {
    name: 'gas sponsors, page 2',
    path: '/polygon-relayer/rpc/Relayer/ListGasSponsors',
    body: json({ projectId: sampleProject.id, page: { page: 2, pageSize: 5 } }),
  },
  // Listener calls that reach the webhook store: listener-refusals.ts, with the listeners they need.
  {
    name: 'remove listener, invalid secret key',
    path: '/polygon-indexer/rpc/Indexer/RemoveWebhookListener',
    body: json({ id: 'nope', projectId: '1' }),
    headers: { Authorization: 'BEARER nope' },
  },
  {
    name: 'add listener, no secret key',
    path: '/polygon-indexer/rpc/Indexer/AddWebhookListener',
    body: json({ url: 'http://127.0.0.1:9/', filters: { contractAddresses: [], events: [] } }),
  },
  {
    name: 'add listener, no filters',
    path: '/polygon-indexer/rpc/Indexer/AddWebhookListener',
    body: json({ url: 'http://127.0.0.1:9/' }),
    bearer: true,
  },
  {
    name: 'no access key',
    path: '/polygon/rpc/Marketplace/GetFloorOrder',
    body: json({ contractAddress: heroes }),
    headers: { 'X-Access-Key': '' },
  },
  {
    name: 'wrong access key',
    path: '/polygon/rpc/Marketplace/GetFloorOrder',
    body: json({ contractAddress: heroes }),
    headers: { 'X-Access-Key': 'nope' },
  },
  { name: 'unknown network', path: '/nowhere/rpc/Marketplace/GetFloorOrder', body: json({ contractAddress: heroes }) },
  { name: 'unknown method', path: '/polygon/rpc/Marketplace/Nope', body: '{}' },
  { name: 'not POST', path: '/polygon/rpc/Marketplace/GetFloorOrder', body: '', method: 'GET' },
  { name: 'not JSON', path: '/polygon/rpc/Marketplace/GetFloorOrder', body: '{' },
  { name: 'wrong type', path: '/polygon/rpc/Marketplace/GetFloorOrder', body: json({ contractAddress: 7 }) },
  { name: 'not an address', path: '/polygon/rpc/Marketplace/GetFloorOrder', body: json({ contractAddress: '0x12' }) },
]
