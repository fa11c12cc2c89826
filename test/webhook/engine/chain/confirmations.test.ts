import { afterAll, beforeAll, expect, test } from 'vitest'
import { decodeAbiParameters } from 'viem'
import { openSql, type Sql } from '../../../../src/store/sql.js'
import { createWebhookEngine, type WebhookEngine } from '../../../../src/webhook/index.js'
import { dumpedStore } from '../../../support/store-dump.js'
import { startEvmNode, type EvmNode } from '../../support/evm-node.js'
import { startTestReceiver, waitUntil, type TestReceiver } from '../../support/receiver-server.js'
import { deployTokens, type TokenChain } from '../../support/tokens.js'
import { startRpcProxy, type RpcProxy } from '../../support/rpc-proxy.js'

const TRANSFER_SINGLE =
  'TransferSingle(address indexed operator, address indexed from, address indexed to, uint256 id, uint256 value)'
const CONFIRMATIONS = 2

let node: EvmNode
let chain: TokenChain
let sql: Sql
let engine: WebhookEngine
let receiver: TestReceiver
let rpcProxy: RpcProxy | undefined
/** How many times the follower has asked the node for its head: each is one poll. */
let polls = 0

/** The node's JSON-RPC behind a proxy that counts the follower's polls, so a test can wait for polls, not time. */
async function countingProxy(target: string): Promise<string> {
  rpcProxy = await startRpcProxy(target, (call) => {
    if (call.method === 'eth_blockNumber') polls++
  })
  return rpcProxy.url
}
/** Waits until the follower has polled three more times: it then processed all it may of the current head. */
async function threeMorePolls() {
  const from = polls
  await waitUntil(() => polls >= from + 3, 'the follower has polled three more times')
}

const head = async () => Number(await chain.rpc('eth_blockNumber'))
const mine = (blocks: number) => Promise.all(Array.from({ length: blocks }, () => chain.rpc('evm_mine')))
/** The newest block the follower has processed (it stores each block it processes). */
async function processed(): Promise<number> {
  const { rows } = await sql.query<{ number: number | null }>(
    'select max(number)::int as number from webhook_chain_blocks where chain_id = $1',
    [node.chainId],
  )
  return rows[0]?.number ?? -1
}
const deliveredIds = () =>
  receiver.delivered.map(
    (payload) => decodeAbiParameters([{ type: 'uint256' }], payload.event.values[3] as `0x${string}`)[0],
  )

beforeAll(async () => {
  node = await startEvmNode()
  chain = await deployTokens(node)
  sql = await openSql({ dataDirDump: dumpedStore() })
  await mine(CONFIRMATIONS + 1)
  engine = await createWebhookEngine({
    sql,
    allowPrivateTargets: true,
    idlePollMs: 50,
    chains: [
      {
        chainId: node.chainId,
        rpcUrl: await countingProxy(node.url),
        pollIntervalMs: 50,
        fromBlock: await head(),
        confirmations: CONFIRMATIONS,
      },
    ],
  })
  await engine.start()
  receiver = await startTestReceiver()
  const listener = await engine.addListener(1, {
    url: receiver.url,
    filters: { contractAddresses: [chain.erc1155], events: [TRANSFER_SINGLE], tokenIDs: ['7', '9'] },
  })
  receiver.useSecret(listener.secret!)
})

afterAll(async () => {
  await engine?.stop()
  await receiver?.close()
  await sql?.close()
  await node?.close()
  await rpcProxy?.close()
})

test(`with ${CONFIRMATIONS} confirmations a block's logs are delivered once ${CONFIRMATIONS} blocks follow it`, async () => {
  const mint = await chain.send('TestERC1155', chain.erc1155, 'mint', [chain.account, 7n, 1n])
  const minted = Number(mint.blockNumber)
  await mine(CONFIRMATIONS - 1)
  await waitUntil(
    async () => (await processed()) === minted - 1,
    'the follower has processed the block before the mint',
  )
  expect(receiver.delivered).toEqual([])
  expect(await processed()).toBe(minted - 1)

  await mine(1)
  await waitUntil(() => receiver.delivered.length === 1, `the mint is delivered once ${CONFIRMATIONS} blocks follow it`)
  expect(receiver.delivered[0]).toMatchObject({
    type: 'BLOCK_ADDED',
    blockNumber: minted,
    txnHash: mint.transactionHash,
  })
})

test(`a reorganisation of depth ${CONFIRMATIONS} never reaches the receiver`, async () => {
  const snapshot = await chain.rpc('evm_snapshot')
  const dropped = await chain.send('TestERC1155', chain.erc1155, 'mint', [chain.account, 9n, 1n])
  await mine(CONFIRMATIONS - 1)
  await threeMorePolls()
  expect(await processed()).toBe(Number(dropped.blockNumber) - 1)
  expect(await chain.rpc('evm_revert', [snapshot])).toBe(true)
  const forkHead = await head()
  await mine(CONFIRMATIONS + 2)
  await waitUntil(
    async () => (await processed()) === forkHead + 2,
    'the follower has processed the new branch past the dropped block',
  )
  expect(deliveredIds()).toEqual([7n])
})
