import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { decodeAbiParameters, getAddress, type Address } from 'viem'
import type { WebhookPayload } from '../../../../gen/indexer.gen.js'
import { dumpedStore } from '../../../support/store-dump.js'
import { openSql, type Sql } from '../../../../src/store/sql.js'
import { createWebhookEngine, type WebhookEngine } from '../../../../src/webhook/index.js'
import { startEvmNode, type EvmNode } from '../../support/evm-node.js'
import { startTestReceiver, waitUntil, type TestReceiver } from '../../support/receiver-server.js'
import { deployTokens, type TokenChain } from '../../support/tokens.js'

const BOB = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as Address
const CAROL = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC' as Address
const SIGNATURES = {
  erc20Transfer: 'Transfer(address indexed from, address indexed to, uint256 value)',
  erc20Approval: 'Approval(address indexed owner, address indexed spender, uint256 value)',
  erc721Transfer: 'Transfer(address indexed from, address indexed to, uint256 indexed tokenId)',
  erc721Approval: 'Approval(address indexed owner, address indexed approved, uint256 indexed tokenId)',
  erc721ApprovalForAll: 'ApprovalForAll(address indexed owner, address indexed operator, bool approved)',
  transferSingle:
    'TransferSingle(address indexed operator, address indexed from, address indexed to, uint256 id, uint256 value)',
  transferBatch:
    'TransferBatch(address indexed operator, address indexed from, address indexed to, uint256[] ids, uint256[] values)',
  erc1155ApprovalForAll: 'ApprovalForAll(address indexed account, address indexed operator, bool approved)',
  uri: 'URI(string value, uint256 indexed id)',
}

let node: EvmNode
let chain: TokenChain
let sql: Sql
let engine: WebhookEngine
const receivers: TestReceiver[] = []

async function follow(): Promise<WebhookEngine> {
  const head = Number(await chain.rpc('eth_blockNumber'))
  const created = await createWebhookEngine({
    sql,
    allowPrivateTargets: true,
    idlePollMs: 50,
    chains: [{ chainId: node.chainId, rpcUrl: node.url, pollIntervalMs: 50, fromBlock: head + 1 }],
  })
  await created.start()
  return created
}

async function listen(
  filters: { contractAddresses: string[]; events: string[]; tokenIDs?: unknown[]; accounts?: string[] },
  on = engine,
) {
  const receiver = await startTestReceiver()
  receivers.push(receiver)
  const listener = await on.addListener(1, { url: receiver.url, filters })
  receiver.useSecret(listener.secret!)
  return { receiver, listener }
}

/** Waits until the outbox rows of a listener are in these states (sorted); the app may see a payload before its row is marked. */
async function waitForStates(listenerId: string, states: string[]) {
  const current = async () =>
    (await engine.listDeliveries(1, listenerId)).deliveries.map((delivery) => delivery.state).sort()
  await waitUntil(
    async () => JSON.stringify(await current()) === JSON.stringify(states),
    `the deliveries are ${states.join(', ')}`,
  ).catch(async (error) => {
    expect(await current()).toEqual(states)
    throw error
  })
}

/** Decodes payload values back to JavaScript values by the payload's own types. */
function decodedValues(payload: WebhookPayload): unknown[] {
  return payload.event.values.map(
    (value, i) => decodeAbiParameters([{ type: payload.event.types[i]! }], value as `0x${string}`)[0],
  )
}

function argument(payload: WebhookPayload, name: string): unknown {
  return decodedValues(payload)[payload.event.names.indexOf(name)]
}

beforeAll(async () => {
  node = await startEvmNode()
  chain = await deployTokens(node)
  sql = await openSql({ dataDirDump: dumpedStore() })
  engine = await follow()
})

afterAll(async () => {
  await engine?.stop()
  await Promise.all(receivers.map((receiver) => receiver.close()))
  await sql?.close()
  await node?.close()
})

describe('JSON-RPC follower against a local EVM node', () => {
  test('docs/webhooks.md rule: a TransferSingle listener with tokenIDs gets mints and transfers of those ids only', async () => {
    const { receiver, listener } = await listen({
      contractAddresses: [chain.erc1155],
      events: [SIGNATURES.transferSingle],
      tokenIDs: ['7'],
    })
    const mint = await chain.send('TestERC1155', chain.erc1155, 'mint', [chain.account, 7n, 5n])
    await waitUntil(() => receiver.delivered.length === 1, 'the mint of id 7 is delivered')
    const minted = receiver.delivered[0]!
    expect(minted).toMatchObject({
      type: 'BLOCK_ADDED',
      contractType: 'ERC1155',
      logDataType: 'TOKEN_TRANSFER',
      blockNumber: Number(mint.blockNumber),
      txnHash: mint.transactionHash,
    })
    expect(getAddress(minted.contractAddress)).toBe(getAddress(chain.erc1155))
    expect(argument(minted, 'id')).toBe(7n)
    expect(argument(minted, 'value')).toBe(5n)
    expect(getAddress(argument(minted, 'to') as string)).toBe(chain.account)

    await chain.send('TestERC1155', chain.erc1155, 'mint', [chain.account, 8n, 1n])
    await chain.send('TestERC1155', chain.erc1155, 'safeTransferFrom', [chain.account, BOB, 8n, 1n, '0x'])
    const transfer = await chain.send('TestERC1155', chain.erc1155, 'safeTransferFrom', [
      chain.account,
      BOB,
      7n,
      2n,
      '0x',
    ])
    await waitUntil(() => receiver.delivered.length === 2, 'the transfer of id 7 is delivered')
    expect(receiver.delivered[1]!.txnHash).toBe(transfer.transactionHash)
    expect(getAddress(argument(receiver.delivered[1]!, 'to') as string)).toBe(BOB)
    // Blocks are processed in order: the id-8 mint and transfer came before, and queued nothing.
    await waitForStates(listener.id, ['delivered', 'delivered'])
    expect(receiver.delivered.map((payload) => argument(payload, 'id'))).toEqual([7n, 7n])
  })

  test('ERC-20 and ERC-721 Transfer share topic0 and are told apart by the indexed tokenId', async () => {
    const erc20 = await listen({
      contractAddresses: [chain.erc20],
      events: ['Transfer(address indexed,address indexed,uint256)'],
    })
    const erc721 = await listen({ contractAddresses: [chain.erc721], events: [SIGNATURES.erc721Transfer] })
    const wrongShape = await listen({ contractAddresses: [chain.erc20], events: [SIGNATURES.erc721Transfer] })
    await chain.send('TestERC20', chain.erc20, 'mint', [BOB, 1000n])
    await chain.send('TestERC721', chain.erc721, 'mint', [BOB, 42n])
    await waitUntil(
      () => erc20.receiver.delivered.length === 1 && erc721.receiver.delivered.length === 1,
      'both transfers are delivered',
    )

    const fungible = erc20.receiver.delivered[0]!
    expect(fungible.contractType).toBe('ERC20')
    expect(fungible.event.names).toEqual(['arg1', 'arg2', 'arg3'])
    expect(fungible.event.eventSig).toBe('Transfer(address indexed arg1, address indexed arg2, uint256 arg3)')
    expect(decodedValues(fungible)).toEqual([getAddress('0x0000000000000000000000000000000000000000'), BOB, 1000n])

    const nft = erc721.receiver.delivered[0]!
    expect(nft.contractType).toBe('ERC721')
    expect(nft.rawLog.topics).toHaveLength(4)
    expect(argument(nft, 'tokenId')).toBe(42n)
    expect((await engine.listDeliveries(1, wrongShape.listener.id)).deliveries).toEqual([])
  })

  test('all nine token events of docs/webhooks.md decode from real transactions', async () => {
    const contracts = [chain.erc20, chain.erc721, chain.erc1155]
    const { receiver } = await listen({ contractAddresses: contracts, events: Object.values(SIGNATURES) })
    await chain.send('TestERC20', chain.erc20, 'transfer', [CAROL, 0n])
    await chain.send('TestERC20', chain.erc20, 'approve', [CAROL, 77n])
    await chain.send('TestERC721', chain.erc721, 'mint', [chain.account, 9n])
    await chain.send('TestERC721', chain.erc721, 'approve', [CAROL, 9n])
    await chain.send('TestERC721', chain.erc721, 'setApprovalForAll', [CAROL, true])
    await chain.send('TestERC1155', chain.erc1155, 'mint', [CAROL, 3n, 30n])
    await chain.send('TestERC1155', chain.erc1155, 'mintBatch', [CAROL, [1n, 2n], [10n, 20n]])
    await chain.send('TestERC1155', chain.erc1155, 'setApprovalForAll', [BOB, false])
    await chain.send('TestERC1155', chain.erc1155, 'setURI', [3n, 'ipfs://token/3'])
    await waitUntil(() => receiver.delivered.length >= 9, 'nine deliveries', 20_000)

    const byOrder = [...receiver.delivered].sort((a, b) => a.blockNumber - b.blockNumber)
    const summary = byOrder.map((payload) => [
      payload.contractType,
      payload.event.eventSig.split('(')[0],
      decodedValues(payload),
    ])
    expect(summary).toEqual([
      ['ERC20', 'Transfer', [chain.account, CAROL, 0n]],
      ['ERC20', 'Approval', [chain.account, CAROL, 77n]],
      ['ERC721', 'Transfer', ['0x0000000000000000000000000000000000000000', chain.account, 9n]],
      ['ERC721', 'Approval', [chain.account, CAROL, 9n]],
      ['ERC721', 'ApprovalForAll', [chain.account, CAROL, true]],
      ['ERC1155', 'TransferSingle', [chain.account, '0x0000000000000000000000000000000000000000', CAROL, 3n, 30n]],
      [
        'ERC1155',
        'TransferBatch',
        [chain.account, '0x0000000000000000000000000000000000000000', CAROL, [1n, 2n], [10n, 20n]],
      ],
      ['ERC1155', 'ApprovalForAll', [chain.account, BOB, false]],
      // An indexed uint256 is its own topic; the string is ABI-encoded data.
      ['ERC1155', 'URI', ['ipfs://token/3', 3n]],
    ])
    expect(byOrder.every((payload) => payload.event.types.length === payload.event.values.length)).toBe(true)
  })

  test('a reorg withholds the logs of the dropped block and takes back the attempted one; the follower goes on', async () => {
    const { receiver, listener } = await listen({
      contractAddresses: [chain.erc1155],
      events: [SIGNATURES.transferSingle],
      tokenIDs: [500, 501],
    })
    receiver.answerWith(503, { 'retry-after': '3600' })
    const snapshot = await chain.rpc('evm_snapshot')
    const dropped = await chain.send('TestERC1155', chain.erc1155, 'mint', [BOB, 500n, 1n])
    await waitUntil(() => receiver.requests.some((request) => request.status === 503), 'the first attempt is refused')
    await chain.rpc('evm_revert', [snapshot])
    await chain.rpc('evm_mine')
    receiver.answerWith(undefined)
    const kept = await chain.send('TestERC1155', chain.erc1155, 'mint', [BOB, 501n, 1n])
    expect(kept.blockNumber).toBeGreaterThan(dropped.blockNumber)
    await waitUntil(() => receiver.delivered.length === 1, 'the mint on the new chain is delivered')
    expect(argument(receiver.delivered[0]!, 'id')).toBe(501n)
    // The refused attempt may have been applied: a BLOCK_REMOVED takes it back.
    await waitForStates(listener.id, ['delivered', 'delivered', 'reorged'])
    expect(receiver.removed.map((payload) => [payload.type, payload.txnHash])).toEqual([
      ['BLOCK_REMOVED', dropped.transactionHash],
    ])
  })

  test('a log dropped by a reorg and re-mined in the new chain is delivered again, with its new block', async () => {
    const { receiver, listener } = await listen({
      contractAddresses: [chain.erc1155],
      events: [SIGNATURES.transferSingle],
      tokenIDs: [600],
    })
    receiver.answerWith(503, { 'retry-after': '3600' })
    const snapshot = await chain.rpc('evm_snapshot')
    const signed = await chain.sign('TestERC1155', chain.erc1155, 'mint', [BOB, 600n, 1n])
    const original = await chain.sendRaw(signed)
    await waitUntil(() => receiver.requests.some((request) => request.status === 503), 'the first attempt is refused')
    await chain.rpc('evm_revert', [snapshot])
    await chain.rpc('evm_mine')
    receiver.answerWith(undefined)
    const remined = await chain.sendRaw(signed)
    expect(remined.transactionHash).toBe(original.transactionHash)
    expect(remined.blockHash).not.toBe(original.blockHash)
    await waitForStates(listener.id, ['delivered', 'delivered', 'reorged'])
    expect(receiver.removed).toMatchObject([{ txnHash: original.transactionHash, blockHash: original.blockHash }])
    expect(receiver.delivered).toHaveLength(1)
    expect(receiver.delivered[0]).toMatchObject({
      txnHash: original.transactionHash,
      blockHash: remined.blockHash,
      blockNumber: Number(remined.blockNumber),
    })
  })

  test('after a restart the follower resumes from its stored cursor', async () => {
    const { receiver } = await listen({
      contractAddresses: [chain.erc721],
      events: [SIGNATURES.erc721Transfer],
      tokenIDs: [77],
    })
    await engine.stop()
    const whileStopped = await chain.send('TestERC721', chain.erc721, 'mint', [BOB, 77n])
    engine = await createWebhookEngine({
      sql,
      allowPrivateTargets: true,
      idlePollMs: 50,
      chains: [{ chainId: node.chainId, rpcUrl: node.url, pollIntervalMs: 50 }],
    })
    await engine.start()
    await waitUntil(() => receiver.delivered.length === 1, 'the mint made while stopped is delivered')
    expect(receiver.delivered[0]!.txnHash).toBe(whileStopped.transactionHash)
  })
})
