// Run by test/package/published-clients.test.ts in a folder holding the published @0xsequence clients of
// package.json here, inside an empty project holding the packed tarball and msw: it calls every operation of the
// contract that a published client has, through contractHandlers() at the default service addresses, and prints
// what each client got as one JSON object. The test file asserts on it.
import { createRequire } from 'node:module'
import { setupServer } from 'msw/node'
import { createClients, webrpcErrorByCode, webrpcErrorTable } from 'web3-market-contract'
import { contractHandlers, mockIndexer, mockMarketplace, mockMetadata, mockRelayer } from 'web3-market-contract/msw'
import { SequenceIndexer } from '@0xsequence/indexer'

// The 2.x clients are CommonJS packages (`main`, no `exports`).
const require = createRequire(import.meta.url)
const { MarketplaceIndexer } = require('@0xsequence/marketplace')
const { SequenceMetadata } = require('@0xsequence/metadata')
const { SequenceBuilderClient } = require('@0xsequence/builder')
const { RpcRelayer } = require('@0xsequence/relayer')

const handlers = contractHandlers()
const server = setupServer(...handlers)
server.listen({ onUnhandledRequest: 'error' })

const accessKey = handlers.accessKey
const secretKey = await handlers.secretKey()
const network = 'polygon'
// The default service addresses (gen/networks.gen.ts) that contractHandlers() answers at, as each published
// client takes them: a hostname to which it appends /rpc/<Service>/<Method>.
const addresses = {
  marketplace: `https://marketplace-api.platform.app/${network}`,
  metadata: 'https://metadata.platform.app',
  builder: 'https://api.platform.build',
  relayer: `https://${network}-relayer.platform.app`,
  indexer: `https://${network}-indexer.platform.app`,
}

/** The published clients, pointed at those addresses with the sample project's keys. */
function publishedClients(key, jwt) {
  return {
    marketplace: new MarketplaceIndexer(addresses.marketplace, key),
    metadata: new SequenceMetadata(addresses.metadata, key),
    builder: new SequenceBuilderClient(key, addresses.builder),
    // RpcRelayer needs a chain RPC provider for its wallet calls; ListGasSponsors does not use it.
    relayer: new RpcRelayer({
      url: addresses.relayer,
      projectAccessKey: key,
      provider: { url: 'https://chain-rpc.example.invalid' },
    }),
    indexer: new SequenceIndexer(addresses.indexer, key, jwt),
  }
}

const published = publishedClients(accessKey, secretKey)
const ours = createClients({ network, accessKey, secretKey })
const heroes = '0x4e10000000000000000000000000000000000721' // sample data: polygon collection with orders
const buyer = '0xb0b0000000000000000000000000000000000001'
const filters = {
  contractAddresses: [heroes],
  events: ['Transfer(address indexed from, address indexed to, uint256 indexed tokenId)'],
}

/** The arguments of each operation, as the contract names them (docs/endpoints.md). */
const args = {
  'Marketplace.GetCountOfAllCollectibles': { contractAddress: heroes },
  'Marketplace.GetFloorOrder': { contractAddress: heroes },
  'Marketplace.GetOrders': {
    input: [
      { contractAddress: heroes, orderId: '101', marketplace: 'platform_marketplace_v2' },
      { contractAddress: heroes, orderId: '103', marketplace: 'opensea' },
    ],
  },
  'Marketplace.GetHighestPriceListingForCollectible': { contractAddress: heroes, tokenId: '1' },
  'Marketplace.GenerateBuyTransaction': {
    collectionAddress: heroes,
    buyer,
    marketplace: 'platform_marketplace_v2',
    ordersData: [{ orderId: '101', quantity: '1' }],
    additionalFees: [{ amount: '10000', receiver: '0xfee0000000000000000000000000000000000fee' }],
  },
  'Metadata.TokenCollectionFilters': { chainId: '137', contractAddress: heroes },
  'Relayer.ListGasSponsors': { projectId: 1, page: { page: 1, pageSize: 5 } },
  'Indexer.AddWebhookListener': { url: 'https://receiver.example/hook', filters },
}

/** Each callable operation, as a call on a set of clients (the published ones or this package's). */
const calls = {
  'Marketplace.GetCountOfAllCollectibles': (c, a) => c.marketplace.getCountOfAllCollectibles(a),
  'Marketplace.GetFloorOrder': (c, a) => c.marketplace.getFloorOrder(a),
  'Marketplace.GetOrders': (c, a) => c.marketplace.getOrders(a),
  'Marketplace.GetHighestPriceListingForCollectible': (c, a) => c.marketplace.getHighestPriceListingForCollectible(a),
  'Marketplace.GenerateBuyTransaction': (c, a) => c.marketplace.generateBuyTransaction(a),
  'Metadata.TokenCollectionFilters': (c, a) => c.metadata.tokenCollectionFilters(a),
  'Relayer.ListGasSponsors': (c, a) => c.relayer.listGasSponsors(a),
  'Indexer.AddWebhookListener': (c, a) => c.indexer.addWebhookListener(a),
}

const settle = (promise) =>
  promise.then(
    (value) => ({ ok: JSON.parse(JSON.stringify(value)) }),
    (error) => ({
      error: {
        class: error?.constructor?.name,
        name: error?.name,
        code: error?.code,
        status: error?.status,
        cause: error?.cause === undefined ? undefined : String(error.cause),
      },
    }),
  )

const report = { answers: {}, wrongAccessKey: {}, errorTable: {}, asPublishedTypesSay: {}, builder: {} }

// 1. Every callable operation, by both clients, with the same arguments against the same handlers.
for (const [name, call] of Object.entries(calls)) {
  report.answers[name] = {
    published: await settle(call(published, args[name])),
    ours: await settle(call(ours, args[name])),
  }
}
// RemoveWebhookListener removes what each client's AddWebhookListener added.
const added = report.answers['Indexer.AddWebhookListener']
report.listenersAfterAdd = handlers.listeners().map((l) => l.id)
report.answers['Indexer.RemoveWebhookListener'] = {
  published: await settle(
    published.indexer.removeWebhookListener({ id: added.published.ok?.listener?.id, projectId: '1' }),
  ),
  ours: await settle(ours.indexer.removeWebhookListener({ id: added.ours.ok?.listener?.id, projectId: '1' })),
}
report.listenersAfterRemove = handlers.listeners().map((l) => l.id)

// 2. A wrong access key on every callable operation; and the Indexer calls without the secret key.
const strangers = { published: publishedClients('not-a-key'), ours: createClients({ network, accessKey: 'not-a-key' }) }
for (const [name, call] of Object.entries(calls)) {
  report.wrongAccessKey[name] = {
    published: await settle(call(strangers.published, args[name])),
    ours: await settle(call(strangers.ours, args[name])),
  }
}
const noSecret = { published: publishedClients(accessKey), ours: createClients({ network, accessKey }) }
report.noSecretKey = {
  published: await settle(noSecret.published.indexer.removeWebhookListener({ id: 'x', projectId: '1' })),
  ours: await settle(noSecret.ours.indexer.removeWebhookListener({ id: 'x', projectId: '1' })),
}

// 3. Every service error of the contract's table (code > 0), answered by an override, as each published client decodes it.
const sweep = {
  marketplace: [mockMarketplace.getFloorOrder, () => published.marketplace.getFloorOrder({ contractAddress: heroes })],
  metadata: [
    mockMetadata.tokenCollectionFilters,
    () => published.metadata.tokenCollectionFilters({ chainId: '137', contractAddress: heroes }),
  ],
  relayer: [mockRelayer.listGasSponsors, () => published.relayer.listGasSponsors({ projectId: 1 })],
  indexer: [
    mockIndexer.removeWebhookListener,
    () => published.indexer.removeWebhookListener({ id: 'x', projectId: '1' }),
  ],
}
for (const [client, [mock, call]] of Object.entries(sweep)) {
  report.errorTable[client] = {}
  for (const row of webrpcErrorTable.filter((r) => r.code > 0)) {
    const ErrorClass = webrpcErrorByCode[row.code]
    server.use(
      mock(() => {
        throw new ErrorClass({ cause: 'from the override' })
      }),
    )
    report.errorTable[client][row.error] = { row, published: await settle(call()) }
    server.resetHandlers()
  }
}

// 4. The arguments as the published clients' own types spell them, where those differ from the contract.
const heroesOrder = { contractAddress: heroes, orderId: '101' }
const asTypes = {
  // @0xsequence/marketplace types every argument object with a required `chainId: string`.
  'Marketplace.GetCountOfAllCollectibles': () =>
    published.marketplace.getCountOfAllCollectibles({ chainId: '137', contractAddress: heroes }),
  'Marketplace.GetFloorOrder': () => published.marketplace.getFloorOrder({ chainId: '137', contractAddress: heroes }),
  'Marketplace.GetHighestPriceListingForCollectible': () =>
    published.marketplace.getHighestPriceListingForCollectible({
      chainId: '137',
      contractAddress: heroes,
      tokenId: '1',
    }),
  // …and GenerateBuyTransaction with a required `useWithTrails: boolean`.
  'Marketplace.GenerateBuyTransaction': () =>
    published.marketplace.generateBuyTransaction({
      ...args['Marketplace.GenerateBuyTransaction'],
      chainId: '137',
      useWithTrails: false,
    }),
  // Its MarketplaceKind enum names the marketplace's own contracts `sequence_marketplace_v1/v2` (here `platform_…`).
  'Marketplace.GetOrders': () =>
    published.marketplace.getOrders({ input: [{ ...heroesOrder, marketplace: 'sequence_marketplace_v2' }] }),
  // @0xsequence/metadata spells the argument `chainID`.
  'Metadata.TokenCollectionFilters': () =>
    published.metadata.tokenCollectionFilters({ chainID: '137', contractAddress: heroes }),
  // @0xsequence/relayer types Page with required `more`, `column` and `sort`: the contract's Page has them too.
  'Relayer.ListGasSponsors': () =>
    published.relayer.listGasSponsors({
      projectId: 1,
      page: { page: 1, pageSize: 5, more: false, column: 'id', sort: [{ column: 'id', order: 'DESC' }] },
    }),
  // @0xsequence/indexer types the listener id as a number and projectId as an optional number.
  'Indexer.RemoveWebhookListener': () => published.indexer.removeWebhookListener({ id: 1 }),
  // …and AddWebhookListener with an optional `projectId: number`.
  'Indexer.AddWebhookListener': () =>
    published.indexer.addWebhookListener({ url: 'https://receiver.example/hook', filters, projectId: 1 }),
}
for (const [name, call] of Object.entries(asTypes)) report.asPublishedTypesSay[name] = await settle(call())

// 5. Builder: what the published client has, and what one of its own methods gets at the contract's address.
report.builder.methods = Object.keys(published.builder).filter((k) => typeof published.builder[k] === 'function')
report.builder.ping = await settle(published.builder.ping())

server.close()
console.log(JSON.stringify(report))
