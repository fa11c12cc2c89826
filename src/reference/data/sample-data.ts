import { nativeCurrency } from './native-currency.js'
import type { FixtureOrder, FixtureToken, Fixtures } from '../../../gen/fixtures.gen.js'

/**
 * The data `npm start` begins with (README "Sample data"). Everything is made up; addresses of
 * currencies are the real token contracts of those networks so wallets show familiar symbols.
 */
export const sampleProject = { id: 1, name: 'Sample project', accessKey: 'local-access-key-sample-project-1' }
export const otherProject = { id: 2, name: 'Other project', accessKey: 'local-access-key-other-project-2' }

export const nativeCoin = nativeCurrency
const polygonUSDC = '0x3c499c542cef5e3811e1192ce70d8cc03d5c3359'
const polygonWETH = '0x7ceb23fd6bc0add59e62ac25578270cff1b9f619'
const amoyUSDC = '0x41e94eb019c0762f9bfcf9fb1e58725bfb0e7582'
const mainnetUSDC = '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48'

const seller = (n: number) => `0x5e11e7${n.toString(16).padStart(34, '0')}`
const buyer = (n: number) => `0xb0b0${n.toString(16).padStart(36, '0')}`
const royaltyReceiver = '0x7077a17e000000000000000000000000000000aa'
const marketplaceFeeReceiver = '0xfee0000000000000000000000000000000000fee'

const royalty = [{ kind: 'royalty', recipientAddress: royaltyReceiver, bps: 500 }]
const royaltyAndMarketplaceFee = [
  ...royalty,
  { kind: 'marketplace', recipientAddress: marketplaceFeeReceiver, bps: 200 },
]

function token(tokenId: string, name: string, attributes: FixtureToken['attributes']): FixtureToken {
  return {
    tokenId,
    name,
    description: `${name}, a sample collectible of the local contract server.`,
    image: `https://assets.example.invalid/${tokenId}.png`,
    externalUrl: `https://example.invalid/token/${tokenId}`,
    attributes,
    assets: [
      {
        metadataField: 'image',
        url: `https://assets.example.invalid/${tokenId}.png`,
        filename: `${tokenId}.png`,
        filesize: 20480 + Number(tokenId),
        mimeType: 'image/png',
        width: 512,
        height: 512,
      },
      {
        metadataField: 'animation_url',
        url: `https://assets.example.invalid/${tokenId}.mp4`,
        filename: `${tokenId}.mp4`,
        filesize: 1048576,
        mimeType: 'video/mp4',
        width: 1080,
        height: 1080,
      },
    ],
  }
}

function listing(
  orderId: string,
  tokenId: string,
  marketplace: FixtureOrder['marketplace'],
  currency: string,
  pricePerToken: string,
  extra: Partial<FixtureOrder> = {},
): FixtureOrder {
  return {
    orderId,
    tokenId,
    side: 'listing',
    marketplace,
    createdBy: seller(Number(tokenId)),
    currency,
    pricePerToken,
    quantity: '1',
    feeBreakdown: royalty,
    ...extra,
  }
}

function offer(
  orderId: string,
  tokenId: string,
  marketplace: FixtureOrder['marketplace'],
  currency: string,
  pricePerToken: string,
  extra: Partial<FixtureOrder> = {},
): FixtureOrder {
  return {
    orderId,
    tokenId,
    side: 'offer',
    marketplace,
    createdBy: buyer(Number(orderId)),
    currency,
    pricePerToken,
    quantity: '1',
    feeBreakdown: royalty,
    ...extra,
  }
}

export const sampleCollections = {
  heroes: { network: 'polygon', contractAddress: '0x4e10000000000000000000000000000000000721' },
  cards: { network: 'polygon', contractAddress: '0xca4d000000000000000000000000000000001155' },
  amoyItems: { network: 'amoy', contractAddress: '0xa0e1000000000000000000000000000000001155' },
  mainnetArt: { network: 'mainnet', contractAddress: '0xa47000000000000000000000000000000000a721' },
} as const

export const sampleData: Fixtures = {
  projects: [sampleProject, otherProject],
  currencies: [
    { network: 'polygon', address: nativeCoin, symbol: 'POL', decimals: 18, usdPrice: 0.5 },
    { network: 'polygon', address: polygonUSDC, symbol: 'USDC', decimals: 6, usdPrice: 1 },
    { network: 'polygon', address: polygonWETH, symbol: 'WETH', decimals: 18, usdPrice: 3000 },
    { network: 'amoy', address: nativeCoin, symbol: 'POL', decimals: 18, usdPrice: 0.5 },
    { network: 'amoy', address: amoyUSDC, symbol: 'USDC', decimals: 6, usdPrice: 1 },
    { network: 'mainnet', address: nativeCoin, symbol: 'ETH', decimals: 18, usdPrice: 3000 },
    { network: 'mainnet', address: mainnetUSDC, symbol: 'USDC', decimals: 6, usdPrice: 1 },
  ],
  collections: [
    {
      ...sampleCollections.heroes,
      name: 'Sample Heroes',
      contractType: 'ERC721',
      tokens: [
        token('1', 'Ember Knight', [
          { trait_type: 'Class', value: 'Knight' },
          { trait_type: 'Element', value: 'Fire' },
          { trait_type: 'Level', value: 12 },
        ]),
        token('2', 'Tide Mage', [
          { trait_type: 'Class', value: 'Mage' },
          { trait_type: 'Element', value: 'Water' },
          { trait_type: 'Level', value: 30 },
        ]),
        token('3', 'Stone Guard', [
          { trait_type: 'Class', value: 'Knight' },
          { trait_type: 'Element', value: 'Earth' },
          { trait_type: 'Level', value: 7 },
        ]),
        token('4', 'Gale Archer', [
          { trait_type: 'Class', value: 'Archer' },
          { trait_type: 'Element', value: 'Air' },
          { trait_type: 'Level', value: 21 },
        ]),
        token('5', 'Ash Rogue', [
          { trait_type: 'Class', value: 'Rogue' },
          { trait_type: 'Element', value: 'Fire' },
          { trait_type: 'Level', value: 45 },
        ]),
      ],
      orders: [
        listing('101', '1', 'platform_marketplace_v2', polygonUSDC, '25000000', {
          feeBreakdown: royaltyAndMarketplaceFee,
        }),
        listing('102', '2', 'platform_marketplace_v2', nativeCoin, '30000000000000000000'),
        listing('103', '3', 'opensea', polygonWETH, '5000000000000000'),
        listing('104', '4', 'platform_marketplace_v2', polygonWETH, '4000000000000000'),
        listing('105', '1', 'magic_eden', polygonUSDC, '40000000'),
        listing('106', '1', 'platform_marketplace_v2', polygonUSDC, '1000000', { status: 'cancelled' }),
        listing('107', '5', 'platform_marketplace_v2', polygonUSDC, '500000', {
          validUntil: '2024-06-01T00:00:00.000Z',
        }),
        listing('108', '1', 'platform_marketplace_v1', nativeCoin, '90000000000000000000'),
        listing('109', '3', 'platform_marketplace_v2', polygonUSDC, '18000000'),
        offer('201', '4', 'platform_marketplace_v2', polygonUSDC, '9000000'),
        offer('202', '4', 'opensea', polygonWETH, '3500000000000000'),
        offer('203', '1', 'platform_marketplace_v2', polygonUSDC, '20000000'),
      ],
    },
    {
      ...sampleCollections.cards,
      name: 'Sample Cards',
      contractType: 'ERC1155',
      tokens: [
        token('1', 'Common Spark', [
          { trait_type: 'Rarity', value: 'Common' },
          { trait_type: 'Power', value: 10 },
        ]),
        token('2', 'Rare Flame', [
          { trait_type: 'Rarity', value: 'Rare' },
          { trait_type: 'Power', value: 55 },
        ]),
        token('3', 'Epic Storm', [
          { trait_type: 'Rarity', value: 'Epic' },
          { trait_type: 'Power', value: 90 },
        ]),
      ],
      orders: [
        listing('301', '1', 'platform_marketplace_v2', polygonUSDC, '1500000', {
          quantity: '50',
          quantityRemaining: '40',
          feeBreakdown: royaltyAndMarketplaceFee,
        }),
        listing('302', '2', 'platform_marketplace_v2', nativeCoin, '8000000000000000000', { quantity: '5' }),
        listing('303', '3', 'opensea', polygonUSDC, '75000000', { quantity: '2' }),
        offer('304', '2', 'platform_marketplace_v2', polygonUSDC, '3000000', { quantity: '3' }),
      ],
    },
    {
      ...sampleCollections.amoyItems,
      name: 'Sample Amoy Items',
      contractType: 'ERC1155',
      tokens: [
        token('1', 'Test Potion', [
          { trait_type: 'Kind', value: 'Potion' },
          { trait_type: 'Weight', value: 1 },
        ]),
        token('2', 'Test Sword', [
          { trait_type: 'Kind', value: 'Weapon' },
          { trait_type: 'Weight', value: 8 },
        ]),
      ],
      orders: [
        listing('401', '1', 'platform_marketplace_v2', amoyUSDC, '2000000', { quantity: '10' }),
        listing('402', '2', 'platform_marketplace_v2', nativeCoin, '1000000000000000000', { quantity: '1' }),
      ],
    },
    {
      ...sampleCollections.mainnetArt,
      name: 'Sample Art',
      contractType: 'ERC721',
      tokens: [
        token('1', 'Dawn Study', [
          { trait_type: 'Palette', value: 'Warm' },
          { trait_type: 'Year', value: 2021 },
        ]),
        token('2', 'Dusk Study', [
          { trait_type: 'Palette', value: 'Cool' },
          { trait_type: 'Year', value: 2023 },
        ]),
      ],
      orders: [
        listing('501', '1', 'platform_marketplace_v2', nativeCoin, '250000000000000000', {
          feeBreakdown: royaltyAndMarketplaceFee,
        }),
        listing('502', '2', 'opensea', mainnetUSDC, '900000000'),
        offer('503', '1', 'platform_marketplace_v2', mainnetUSDC, '600000000'),
      ],
    },
  ],
  audiences: [
    {
      id: 1,
      projectId: 1,
      name: 'Early supporters',
      contacts: [
        { address: '0xa11ce00000000000000000000000000000000001', name: 'Alice', email: 'alice@example.com' },
        { address: '0xb0b0000000000000000000000000000000000002', name: 'Bob', email: 'bob@example.com' },
        { address: '0xca20100000000000000000000000000000000003', name: 'Carol' },
      ],
    },
    { id: 2, projectId: 1, name: 'Empty audience', contacts: [] },
    {
      id: 3,
      projectId: 2,
      name: 'Other project audience',
      contacts: [{ address: '0xd0d0000000000000000000000000000000000004' }],
    },
  ],
  contracts: [
    {
      id: 1,
      projectId: 1,
      audienceId: 1,
      network: 'polygon',
      contractName: 'Sample Heroes',
      contractAddress: sampleCollections.heroes.contractAddress,
      contractType: 'ERC721',
      source: 'LINKED',
    },
    {
      id: 2,
      projectId: 1,
      audienceId: 1,
      network: 'polygon',
      contractName: 'Sample Cards',
      contractAddress: sampleCollections.cards.contractAddress,
      contractType: 'ERC1155',
      source: 'DEPLOYED',
      itemsContractAddress: sampleCollections.cards.contractAddress,
    },
    {
      id: 3,
      projectId: 2,
      audienceId: 3,
      network: 'amoy',
      contractName: 'Sample Amoy Items',
      contractAddress: sampleCollections.amoyItems.contractAddress,
      contractType: 'ERC1155',
      source: 'LINKED',
    },
  ],
  gasSponsors: [
    ...Array.from({ length: 12 }, (_, i) => ({
      id: i + 1,
      gasTankId: 1,
      projectId: 1,
      network: 'polygon',
      address: `0x5b0000${(i + 1).toString(16).padStart(34, '0')}`,
      name: `Sponsored wallet ${i + 1}`,
      active: i % 4 !== 3,
    })),
    {
      id: 13,
      gasTankId: 2,
      projectId: 1,
      network: 'amoy',
      address: '0x5b0000000000000000000000000000000000000d',
      name: 'Amoy sponsor',
      active: true,
    },
    {
      id: 14,
      gasTankId: 3,
      projectId: 2,
      network: 'polygon',
      address: '0x5b0000000000000000000000000000000000000e',
      name: 'Other project sponsor',
      active: true,
    },
  ],
}
