import { createClients, localUrls, WebrpcError } from '../../../src/entries/index.js'

/** Runs in the page: the bundled generated clients calling the local server on another origin. */
async function runCalls(baseUrl: string, accessKey: string, contractAddress: string) {
  const clients = createClients({ network: 'polygon', accessKey, urls: localUrls(baseUrl) })
  const floor = await clients.marketplace.getFloorOrder({ contractAddress })
  const filters = await clients.metadata.tokenCollectionFilters({ chainId: String(clients.chainId), contractAddress })
  const sponsors = await clients.relayer.listGasSponsors({ projectId: 1, page: { pageSize: 2 } })
  const response = await fetch(`${baseUrl}/polygon/rpc/Marketplace/GetCountOfAllCollectibles`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Access-Key': accessKey },
    body: JSON.stringify({ contractAddress }),
  })
  const unauthorized = await createClients({ network: 'polygon', accessKey: 'wrong-key', urls: localUrls(baseUrl) })
    .marketplace.getFloorOrder({ contractAddress })
    .then(
      () => undefined,
      (error: unknown) =>
        error instanceof WebrpcError
          ? { error: error.error, code: error.code, status: error.status }
          : { other: String(error) },
    )
  return {
    floorTokenId: floor.collectible.metadata.tokenId,
    filterNames: filters.filters.map((f) => f.name),
    sponsorCount: sponsors.gasSponsors.length,
    webrpcHeader: response.headers.get('Webrpc'),
    unauthorized,
  }
}

;(globalThis as unknown as { runCalls: typeof runCalls }).runCalls = runCalls
