import type * as builder from '../../../../../gen/builder.gen.js'
import type * as indexer from '../../../../../gen/indexer.gen.js'
import type * as marketplace from '../../../../../gen/marketplace.gen.js'
import type * as metadata from '../../../../../gen/metadata.gen.js'
import type * as relayer from '../../../../../gen/relayer.gen.js'

// Valid bodies built from the field tables of docs/resources.md, docs/endpoints.md and docs/webhooks.md,
// typed with the generated interfaces so tsc checks them against the TypeScript side while the tests check
// them against the schemas.
// Enum values are written as their wire strings, the way JSON carries them.

const address = (digit: string) => `0x${digit.repeat(40)}`
const hash = (digit: string) => `0x${digit.repeat(64)}`
const wire = <T>(value: string) => value as T

export const order: marketplace.Order = {
  id: 1,
  collectionId: 2,
  orderId: '17',
  marketplace: wire('platform_marketplace_v2'),
  source: wire('platform_marketplace_v2'),
  side: wire('listing'),
  status: wire('active'),
  chainId: 137,
  originName: 'platform',
  collectionContractAddress: address('a'),
  createdBy: address('b'),
  priceAmount: '1500000000000000000',
  priceAmountFormatted: '1.5',
  priceAmountNet: '1470000000000000000',
  priceAmountNetFormatted: '1.47',
  priceCurrencyAddress: address('0'),
  priceDecimals: 18,
  priceUSD: 1.23,
  priceUSDFormatted: '1.23',
  quantityInitial: '10',
  quantityInitialFormatted: '10',
  quantityRemaining: '4',
  quantityRemainingFormatted: '4',
  quantityAvailable: '4',
  quantityAvailableFormatted: '4',
  quantityDecimals: 0,
  feeBps: 200,
  feeBreakdown: [{ kind: 'marketplace', recipientAddress: address('c'), bps: 200 }],
  validFrom: '2024-01-01T00:00:00Z',
  validUntil: '2025-01-01T00:00:00Z',
  blockNumber: 55_000_000,
  createdAt: '2024-01-01T00:00:00Z',
  updatedAt: '2024-01-02T00:00:00Z',
  collectibleId: 3,
  tokenId: '42',
  orderCreatedAt: '2024-01-01T00:00:00Z',
  orderUpdatedAt: '2024-01-02T00:00:00Z',
  deletedAt: '',
}

export const collectible: marketplace.Collectible = {
  metadata: {
    tokenId: '42',
    name: 'Sword',
    attributes: [{ trait_type: 'rarity', value: 'epic' }],
    description: 'A sword',
    image: 'https://example.com/42.png',
    video: '',
    audio: '',
    properties: { level: 3 },
    imageData: '',
    externalUrl: 'https://example.com/42',
    backgroundColor: '000000',
    animationUrl: '',
    decimals: 0,
    updatedAt: '2024-01-02T00:00:00Z',
    assets: [
      {
        id: 9,
        collectionId: 2,
        tokenId: '42',
        metadataField: 'image',
        url: 'https://example.com/42.png',
        filename: '42.png',
        filesize: 1024,
        mimeType: 'image/png',
        width: 512,
        height: 512,
        updatedAt: '2024-01-02T00:00:00Z',
      },
    ],
  },
  order,
  listing: order,
  offer: { ...order, side: wire('offer') },
}

export const step: marketplace.Step = {
  id: wire('buy'),
  data: '0xa9059cbb',
  to: address('d'),
  value: '0',
  price: '1500000000000000000',
  signature: {
    domain: { name: 'Marketplace', version: '1', chainId: 137, verifyingContract: address('e') },
    types: { Order: [{ name: 'id', type: 'uint256' }] },
    primaryType: 'Order',
    value: { id: '17' },
  },
  post: { endpoint: '/orders', method: 'POST', body: { signed: true } },
  executeType: wire('order'),
}

export const webhookPayload: indexer.WebhookPayload = {
  uid: hash('1'),
  type: wire('BLOCK_ADDED'),
  blockNumber: 19_000_000,
  blockHash: hash('2'),
  parentBlockHash: hash('3'),
  contractAddress: address('a'),
  contractType: wire('ERC1155'),
  txnHash: hash('4'),
  txnIndex: 7,
  txnLogIndex: '2',
  ts: '2024-03-01T12:00:00Z',
  event: {
    topicHash: hash('5'),
    eventSig:
      'TransferSingle(address indexed operator, address indexed from, address indexed to, uint256 id, uint256 value)',
    types: ['address', 'address', 'address', 'uint256', 'uint256'],
    names: ['operator', 'from', 'to', 'id', 'value'],
    values: [hash('0'), hash('0'), hash('6'), hash('0'), hash('0')],
  },
  logDataType: wire('TOKEN_TRANSFER'),
  rawLog: { data: `0x${'00'.repeat(64)}`, topics: [hash('5'), hash('0'), hash('0'), hash('6')] },
}

const page: marketplace.Page = {
  page: 1,
  pageSize: 20,
  more: false,
  sort: [{ column: 'createdAt', order: wire('DESC') }],
}
const filters: indexer.WebhookFilters = {
  contractAddresses: [address('a')],
  events: [
    'TransferSingle(address indexed operator, address indexed from, address indexed to, uint256 id, uint256 value)',
  ],
  tokenIDs: ['1', 2],
  accounts: [address('b')],
  topicHashes: [hash('5')],
}

/** One valid request and response per operation, keyed `Service.Method`. */
export const operations = {
  'Marketplace.GetCountOfAllCollectibles': {
    request: { contractAddress: address('a') } satisfies marketplace.GetCountOfAllCollectiblesArgs,
    response: { count: 12 } satisfies marketplace.GetCountOfAllCollectiblesReturn,
  },
  'Marketplace.GetFloorOrder': {
    request: { contractAddress: address('a') } satisfies marketplace.GetFloorOrderArgs,
    response: { collectible } satisfies marketplace.GetFloorOrderReturn,
  },
  'Marketplace.GetOrders': {
    request: {
      input: [
        { contractAddress: address('a'), orderId: '17', marketplace: wire<marketplace.MarketplaceKind>('unknown') },
      ],
      page: { page: 1, pageSize: 10 },
    } satisfies marketplace.GetOrdersArgs,
    response: { orders: [order], page } satisfies marketplace.GetOrdersReturn,
  },
  'Marketplace.GetHighestPriceListingForCollectible': {
    request: {
      contractAddress: address('a'),
      tokenId: '42',
      filter: {
        createdBy: [address('b')],
        marketplace: [wire<marketplace.MarketplaceKind>('unknown')],
        currencies: [address('0')],
      },
    } satisfies marketplace.GetHighestPriceListingForCollectibleArgs,
    response: { order } satisfies marketplace.GetHighestPriceListingForCollectibleReturn,
  },
  'Marketplace.GenerateBuyTransaction': {
    request: {
      collectionAddress: address('a'),
      buyer: address('b'),
      marketplace: wire<marketplace.MarketplaceKind>('unknown'),
      ordersData: [{ orderId: '17', quantity: '1', tokenId: '42' }],
      additionalFees: [{ amount: '1000', receiver: address('c') }],
      walletType: wire<marketplace.WalletKind>('platform'),
    } satisfies marketplace.GenerateBuyTransactionArgs,
    response: { steps: [step] } satisfies marketplace.GenerateBuyTransactionReturn,
  },
  'Metadata.TokenCollectionFilters': {
    request: { chainId: '137', contractAddress: address('a') } satisfies metadata.TokenCollectionFiltersArgs,
    response: {
      filters: [{ name: 'rarity', type: wire<metadata.PropertyType>('STRING'), values: ['common', 'epic'] }],
    } satisfies metadata.TokenCollectionFiltersReturn,
  },
  'Builder.GetAudience': {
    request: { projectId: 5, audienceId: 6 } satisfies builder.GetAudienceArgs,
    response: {
      audience: {
        id: 6,
        projectId: 5,
        name: 'Holders',
        contactCount: 1,
        createdAt: '2024-01-01T00:00:00Z',
        updatedAt: '2024-01-01T00:00:00Z',
        deletedAt: '',
      },
      contacts: [
        {
          id: 1,
          audienceId: 6,
          address: address('b'),
          createdAt: '2024-01-01T00:00:00Z',
          updatedAt: '2024-01-01T00:00:00Z',
          name: 'Ann',
          email: 'ann@example.com',
        },
      ],
      contracts: [
        {
          id: 3,
          projectId: 5,
          contractName: 'Items',
          contractAddress: address('a'),
          contractType: 'ERC1155',
          chainId: 137,
          source: wire<builder.ContractSourceType>('LINKED'),
          createdAt: '2024-01-01T00:00:00Z',
          updatedAt: '2024-01-01T00:00:00Z',
          itemsContractAddress: address('a'),
          abi: '[]',
          bytecode: '0x',
          bytecodeHash: hash('7'),
          audienceId: 6,
        },
      ],
    } satisfies builder.GetAudienceReturn,
  },
  'Relayer.ListGasSponsors': {
    request: { projectId: 5, page: { page: 1, pageSize: 50 } } satisfies relayer.ListGasSponsorsArgs,
    response: {
      page: { page: 1, pageSize: 50, more: false },
      gasSponsors: [
        {
          id: 1,
          gasTankId: 2,
          projectId: 5,
          chainId: 137,
          address: address('f'),
          name: 'Team wallet',
          active: true,
          updatedAt: '',
          createdAt: '',
          deletedAt: '',
        },
      ],
    } satisfies relayer.ListGasSponsorsReturn,
  },
  'Indexer.AddWebhookListener': {
    request: { url: 'https://hooks.example.com/nft', filters } satisfies indexer.AddWebhookListenerArgs,
    response: {
      listener: { id: 'l-1', projectId: '5', url: 'https://hooks.example.com/nft', filters, active: true },
    } satisfies indexer.AddWebhookListenerReturn,
  },
  'Indexer.RemoveWebhookListener': {
    request: { id: 'l-1', projectId: '5' } satisfies indexer.RemoveWebhookListenerArgs,
    response: { status: true } satisfies indexer.RemoveWebhookListenerReturn,
  },
} as const satisfies Record<string, { request: object; response: object }>

export type OperationKey = keyof typeof operations
