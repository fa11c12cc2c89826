// The test authors' guide's browser example, bundled for the page: the MSW worker answers the default service addresses.
import { setupWorker } from 'msw/browser'
import { createClients, NotFoundError } from '../../../src/entries/index.js'
import { contractHandlers, mockMarketplace } from '../../../src/msw/index.js'

const heroes = '0x4e10000000000000000000000000000000000721'

async function runCalls(): Promise<unknown> {
  const handlers = contractHandlers()
  const worker = setupWorker(...handlers)
  await worker.start({ quiet: true, onUnhandledRequest: 'error' })
  const clients = createClients({
    network: 'polygon',
    accessKey: handlers.accessKey,
    secretKey: await handlers.secretKey(),
  })
  const { collectible } = await clients.marketplace.getFloorOrder({ contractAddress: heroes })
  const { filters } = await clients.metadata.tokenCollectionFilters({ chainId: '137', contractAddress: heroes })
  const { listener } = await clients.indexer.addWebhookListener({
    url: 'https://receiver.example/hook',
    filters: {
      contractAddresses: [heroes],
      events: ['Transfer(address indexed from, address indexed to, uint256 indexed tokenId)'],
    },
  })
  worker.use(
    mockMarketplace.getFloorOrder(() => {
      throw new NotFoundError({ cause: 'an empty floor' })
    }),
  )
  const overridden = await clients.marketplace.getFloorOrder({ contractAddress: heroes }).catch((e: unknown) => e)
  worker.stop()
  return {
    floorOrderId: collectible.listing?.orderId,
    filterNames: filters.map((f) => f.name),
    listeners: handlers.listeners().map((l) => l.id === listener.id),
    overridden: overridden instanceof NotFoundError ? `NotFound: ${String(overridden.cause)}` : String(overridden),
  }
}

;(globalThis as unknown as { runCalls: typeof runCalls }).runCalls = runCalls
