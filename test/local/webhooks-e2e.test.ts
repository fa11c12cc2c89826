import { decodeAbiParameters, getAddress, type Hex } from 'viem'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { localUrls } from '../../src/client/local-urls.js'
import { createClients } from '../../src/entries/index.js'
import { dumpedStore } from '../support/store-dump.js'
import { startLocalServer, type LocalServer } from '../../src/local/server.js'
import { startEvmNode, type EvmNode } from '../webhook/support/evm-node.js'
import { startTestReceiver, waitUntil, type TestReceiver } from '../webhook/support/receiver-server.js'
import { deployTokens, type TokenChain } from '../webhook/support/tokens.js'

const POLYGON_CHAIN_ID = 137
const CAROL = '0x00000000000000000000000000000000000c4401'
const transferSingle =
  'TransferSingle(address indexed operator, address indexed from, address indexed to, uint256 id, uint256 value)'

let node: EvmNode
let chain: TokenChain
let server: LocalServer
let receiver: TestReceiver

beforeAll(async () => {
  // The node runs with polygon's chain id, so the local server follows it as network "polygon".
  node = await startEvmNode(POLYGON_CHAIN_ID)
  chain = await deployTokens(node)
  server = await startLocalServer({
    port: 0,
    chains: [{ network: 'polygon', rpcUrl: node.url }],
    dataDirDump: dumpedStore(),
  })
  receiver = await startTestReceiver()
})

afterAll(async () => {
  await server?.close()
  await receiver?.close()
  await node?.close()
})

const tokenIdOf = (values: string[]) => decodeAbiParameters([{ type: 'uint256' }], values[3] as Hex)[0]

it('docs/webhooks.md end to end through the local server: a TransferSingle listener with tokenIDs gets mints and transfers of those ids only', async () => {
  const { indexer } = createClients({
    network: 'polygon',
    accessKey: server.accessKey,
    secretKey: server.secretKey,
    urls: localUrls(server.url),
  })
  const { listener } = await indexer.addWebhookListener({
    url: receiver.url,
    filters: { contractAddresses: [chain.erc1155], events: [transferSingle], tokenIDs: ['7'] },
  })
  expect(listener.secret).toMatch(/^whsec_/)
  receiver.useSecret(listener.secret!)

  await chain.send('TestERC1155', chain.erc1155, 'mint', [chain.account, 7n, 5n])
  await chain.send('TestERC1155', chain.erc1155, 'mint', [chain.account, 8n, 5n])
  await chain.send('TestERC1155', chain.erc1155, 'safeTransferFrom', [chain.account, CAROL, 7n, 2n, '0x'])
  await waitUntil(() => receiver.delivered.length >= 2, 'two deliveries for token 7')

  const byTo = receiver.delivered.map((p) => ({ uid: p.uid, id: tokenIdOf(p.event.values), payload: p }))
  expect(byTo.map((d) => d.id)).toEqual([7n, 7n])
  for (const { payload } of byTo) {
    expect(payload.contractType).toBe('ERC1155')
    expect(getAddress(payload.contractAddress)).toBe(getAddress(chain.erc1155))
    expect(payload.event.eventSig).toBe(transferSingle)
    expect(payload.event.names).toEqual(['operator', 'from', 'to', 'id', 'value'])
  }
  expect(new Set(byTo.map((d) => d.uid)).size).toBe(2)

  await indexer.removeWebhookListener({ id: listener.id, projectId: String(server.projectId) })
  await chain.send('TestERC1155', chain.erc1155, 'mint', [chain.account, 7n, 1n])
  // A listener on the same contract proves the follower processed that block; the removed one got nothing.
  const witness = await startTestReceiver()
  try {
    const { listener: other } = await indexer.addWebhookListener({
      url: witness.url,
      filters: { contractAddresses: [chain.erc1155], events: [transferSingle] },
    })
    witness.useSecret(other.secret!)
    await chain.send('TestERC1155', chain.erc1155, 'mint', [chain.account, 9n, 1n])
    await waitUntil(() => witness.delivered.length >= 1, 'the witness delivery')
  } finally {
    await witness.close()
  }
  expect(receiver.delivered).toHaveLength(2)
})
