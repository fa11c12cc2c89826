import { delay } from 'msw'
import { setupServer } from 'msw/node'
import { encodeAbiParameters, keccak256, pad, stringToHex, toEventSelector } from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import {
  createClients,
  localUrls,
  NotFoundError,
  PermissionDeniedError,
  UnauthorizedError,
  WebrpcBadResponseError,
  type Clients,
} from '../../src/entries/index.js'
import { WebhookEventType } from '../../gen/indexer.gen.js'
import { sampleCollections, sampleProject } from '../../src/reference/data/sample-data.js'
import { contractHandlers, mockMarketplace, mockRelayer, signedDelivery, type SourceLog } from '../../src/msw/index.js'
import { createWebhookReceiver } from '../../src/webhook/receiver/index.js'

const heroes = sampleCollections.heroes.contractAddress
const handlers = contractHandlers()
const server = setupServer(...handlers)
let clients: Clients

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' })
  clients = createClients({ network: 'polygon', accessKey: handlers.accessKey, secretKey: await handlers.secretKey() })
})
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

describe('contractHandlers() at the default service addresses', () => {
  it('serves all ten operations to this package clients', async () => {
    const { marketplace, metadata, builder, relayer, indexer } = clients
    expect((await marketplace.getCountOfAllCollectibles({ contractAddress: heroes })).count).toBeGreaterThan(0)
    const { collectible } = await marketplace.getFloorOrder({ contractAddress: heroes })
    expect(collectible.listing?.collectionContractAddress).toBe(heroes)
    const { orders } = await marketplace.getOrders({
      input: [{ contractAddress: heroes, orderId: collectible.listing!.orderId, marketplace: 'unknown' as never }],
    })
    expect(orders.map((o) => o.orderId)).toEqual([collectible.listing!.orderId])
    const { order } = await marketplace.getHighestPriceListingForCollectible({ contractAddress: heroes, tokenId: '1' })
    expect(order?.tokenId).toBe('1')
    const { steps } = await marketplace.generateBuyTransaction({
      collectionAddress: heroes,
      buyer: '0xb0b0000000000000000000000000000000000001',
      marketplace: 'platform_marketplace_v2' as never,
      ordersData: [{ orderId: '101', quantity: '1' }],
      additionalFees: [],
      walletType: 'unknown' as never,
    })
    expect(steps.map((s) => s.id)).toEqual(['tokenApproval', 'buy'])
    const { filters } = await metadata.tokenCollectionFilters({ chainId: '137', contractAddress: heroes })
    expect(filters.length).toBeGreaterThan(0)
    const { audience } = await builder.getAudience({ projectId: sampleProject.id, audienceId: 1 })
    expect(audience.id).toBe(1)
    const { gasSponsors } = await relayer.listGasSponsors({ projectId: sampleProject.id })
    expect(gasSponsors.length).toBeGreaterThan(0)
    const { listener } = await indexer.addWebhookListener({
      url: 'https://receiver.example/hook',
      filters: {
        contractAddresses: [heroes],
        events: ['Transfer(address indexed from, address indexed to, uint256 indexed tokenId)'],
      },
    })
    expect(handlers.listeners().map((l) => l.id)).toEqual([listener.id])
    expect(await indexer.removeWebhookListener({ id: listener.id, projectId: String(sampleProject.id) })).toEqual({
      status: true,
    })
    expect(handlers.listeners()).toEqual([])
  })

  it('checks credentials as the services do', async () => {
    const stranger = createClients({ network: 'polygon', accessKey: 'nope' })
    await expect(stranger.marketplace.getFloorOrder({ contractAddress: heroes })).rejects.toBeInstanceOf(
      UnauthorizedError,
    )
    const otherProject = createClients({
      network: 'polygon',
      accessKey: handlers.accessKey,
      secretKey: await handlers.secretKey(2),
    })
    await expect(otherProject.indexer.removeWebhookListener({ id: 'x', projectId: '1' })).rejects.toBeInstanceOf(
      PermissionDeniedError,
    )
  })

  it('answers at the addresses the caller gives, and refuses fixtures that cannot be served, with their path', async () => {
    const local = contractHandlers({ urls: localUrls('http://127.0.0.1:1') })
    server.use(...local)
    const viaLocal = createClients({
      network: 'amoy',
      accessKey: local.accessKey,
      urls: localUrls('http://127.0.0.1:1'),
    })
    expect(
      (
        await viaLocal.marketplace.getCountOfAllCollectibles({
          contractAddress: sampleCollections.amoyItems.contractAddress,
        })
      ).count,
    ).toBeGreaterThan(0)
    expect(() => contractHandlers({ fixtures: { collections: [{ nope: true }] } as never })).toThrow(
      /fixtures\[0\] does not match .*\/collections\/0/,
    )
  })
})

describe('typed overrides', () => {
  it('answer one operation with the resolver, given typed arguments, network and caller; the rest stays', async () => {
    const seen: unknown[] = []
    server.use(
      mockMarketplace.getFloorOrder(async ({ args, network, caller }) => {
        seen.push([args.contractAddress, network, caller.projectId])
        await delay(5)
        throw new NotFoundError({ cause: 'an empty floor' })
      }),
    )
    const failure = await clients.marketplace.getFloorOrder({ contractAddress: heroes }).catch((e: unknown) => e)
    expect(failure).toBeInstanceOf(NotFoundError)
    expect((failure as NotFoundError).cause).toBe('an empty floor')
    expect(seen).toEqual([[heroes, 'polygon', sampleProject.id]])
    expect((await clients.marketplace.getCountOfAllCollectibles({ contractAddress: heroes })).count).toBeGreaterThan(0)
  })

  it('check the answer against its response schema and fail with the schema message', async () => {
    server.use(mockRelayer.listGasSponsors(() => ({ page: {}, gasSponsors: [{ id: 'one' }] }) as never))
    const failure = await clients.relayer.listGasSponsors({ projectId: sampleProject.id }).catch((e: unknown) => e)
    expect(failure).toBeInstanceOf(WebrpcBadResponseError)
    expect(String((failure as WebrpcBadResponseError).cause)).toMatch(
      /response of Relayer\.ListGasSponsors breaks its schema: .*\/gasSponsors\/0\/gasTankId: must have required property/,
    )
  })
})

const from = '0x5e11e70000000000000000000000000000000001'
const to = '0xb0b0000000000000000000000000000000000001'
const transferOf7: SourceLog = {
  address: heroes,
  topics: [toEventSelector('Transfer(address,address,uint256)'), pad(from), pad(to), pad('0x07')],
  data: '0x',
  blockNumber: 1000,
  blockHash: `0x${'ab'.repeat(32)}`,
  parentBlockHash: `0x${'cd'.repeat(32)}`,
  blockTimestamp: 1_750_000_000,
  transactionHash: `0x${'ef'.repeat(32)}`,
  transactionIndex: 3,
  txnLogIndex: 0,
}

describe('signedDelivery', () => {
  it('builds the delivery the Indexer would send, verified by the package receiver', async () => {
    const { listener } = await clients.indexer.addWebhookListener({
      url: 'https://receiver.example/hook',
      filters: {
        contractAddresses: [heroes],
        events: ['Transfer(address indexed from, address indexed to, uint256 indexed tokenId)'],
      },
    })
    const delivery = await signedDelivery({
      listener,
      chainId: 137,
      log: transferOf7,
    })
    const received: unknown[] = []
    const receiver = createWebhookReceiver({
      secret: listener.secret!,
      onDelivery: (payload) => received.push(payload),
    })
    const result = await receiver.handle(delivery.body, (name) => delivery.headers[name])
    expect(result.status).toBe(200)
    expect(received).toEqual([delivery.payload])
    expect(delivery.payload.event.names).toEqual(['from', 'to', 'tokenId'])
    expect(delivery.payload.event.values[2]).toBe(encodeAbiParameters([{ type: 'uint256' }], [7n]))
  })

  it('builds the BLOCK_REMOVED that takes back the BLOCK_ADDED of the same log, handed to onRemoved', async () => {
    const { listener } = await clients.indexer.addWebhookListener({
      url: 'https://receiver.example/hook',
      filters: {
        contractAddresses: [heroes],
        events: ['Transfer(address indexed from, address indexed to, uint256 indexed tokenId)'],
      },
    })
    const added = await signedDelivery({ listener, chainId: 137, log: transferOf7 })
    const removed = await signedDelivery({
      listener,
      chainId: 137,
      log: transferOf7,
      type: WebhookEventType.BLOCK_REMOVED,
    })
    expect(removed.payload).toEqual({
      ...added.payload,
      type: 'BLOCK_REMOVED',
      uid: keccak256(stringToHex(`${added.payload.uid}:removed`)),
    })
    const undone: unknown[] = []
    const receiver = createWebhookReceiver({
      secret: listener.secret!,
      onDelivery: () => {
        throw new Error('a BLOCK_REMOVED reached onDelivery')
      },
      onRemoved: (payload) => undone.push(payload),
    })
    const result = await receiver.handle(removed.body, (name) => removed.headers[name])
    expect(result).toEqual({ status: 200, body: { ok: true, uid: removed.payload.uid, duplicate: false } })
    expect(undone).toEqual([removed.payload])
  })
})
