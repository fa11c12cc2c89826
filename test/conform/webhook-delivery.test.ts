import { afterAll, beforeAll, expect, it } from 'vitest'
import { runConformance } from '../../src/conform/run.js'
import { targetAt } from '../../src/conform/target.js'
import { startLocalServer, type LocalServer } from '../../src/local/server.js'
import { dumpedStore } from '../support/store-dump.js'
import { startEvmNode, type EvmNode } from '../webhook/support/evm-node.js'
import { deployTokens, type TokenChain } from '../webhook/support/tokens.js'

/**
 * `conform`'s webhook check with a trigger: it registers a listener on its loopback receiver, the trigger
 * mints a token on a real EVM node the local server follows as polygon, and the delivery must verify as
 * a receiver verifies it (Standard Webhooks signature with the listener's secret, timestamp, payload schema).
 */
let node: EvmNode
let chain: TokenChain
let server: LocalServer
beforeAll(async () => {
  node = await startEvmNode(137)
  chain = await deployTokens(node)
  server = await startLocalServer({
    port: 0,
    host: '127.0.0.1',
    chains: [{ network: 'polygon', rpcUrl: node.url }],
    dataDirDump: dumpedStore(),
  })
}, 120_000)
afterAll(async () => {
  await server?.close()
  await node?.close()
})

it('verifies the delivery of an event the trigger emits', async () => {
  const report = await runConformance({
    target: targetAt(server.url, server),
    services: ['indexer'],
    only: ['webhook.delivery'],
    webhookTrigger: {
      contractAddress: chain.erc1155,
      events: [
        'TransferSingle(address indexed operator, address indexed from, address indexed to, uint256 id, uint256 value)',
      ],
      emit: async () => {
        await chain.send('TestERC1155', chain.erc1155, 'mint', [chain.account, 7n, 1n])
      },
      timeoutMs: 30_000,
    },
  })
  expect(report.results).toMatchObject([{ id: 'webhook.delivery', outcome: 'passed' }])
}, 120_000)
