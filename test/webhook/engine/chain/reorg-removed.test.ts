import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Hex } from 'viem'
import type { WebhookPayload } from '../../../../gen/indexer.gen.js'
import { dumpedStore } from '../../../support/store-dump.js'
import { openSql, type Sql } from '../../../../src/store/sql.js'
import { createWebhookEngine, type WebhookEngine } from '../../../../src/webhook/index.js'
import { DEFAULT_ATTEMPT_TIMEOUT_MS } from '../../../../src/webhook/engine/delivery/configured-worker.js'
import { deliveryUid, readdedUid, removedUid } from '../../../../src/webhook/engine/delivery/payload.js'
import { startEvmNode, type EvmNode } from '../../support/evm-node.js'
import { startTestReceiver, waitUntil, type TestReceiver } from '../../support/receiver-server.js'
import { deployTokens, type TokenChain } from '../../support/tokens.js'

const BOB = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const TRANSFER_SINGLE =
  'TransferSingle(address indexed operator, address indexed from, address indexed to, uint256 id, uint256 value)'

let node: EvmNode
let chain: TokenChain
let sql: Sql
let engine: WebhookEngine
const receivers: TestReceiver[] = []
let nextTokenId = 1000n

beforeAll(async () => {
  node = await startEvmNode()
  chain = await deployTokens(node)
  sql = await openSql({ dataDirDump: dumpedStore() })
  const head = Number(await chain.rpc('eth_blockNumber'))
  engine = await createWebhookEngine({
    sql,
    allowPrivateTargets: true,
    idlePollMs: 50,
    retry: { baseDelayMs: 300, factor: 1, jitter: 0 },
    chains: [{ chainId: node.chainId, rpcUrl: node.url, pollIntervalMs: 50, fromBlock: head + 1 }],
  })
  await engine.start()
})

afterAll(async () => {
  await engine?.stop()
  await Promise.all(receivers.map((receiver) => receiver.close()))
  await sql?.close()
  await node?.close()
})

/** A receiver whose app applies each BLOCK_ADDED and undoes each BLOCK_REMOVED, and the token ids it listens to. */
async function ledgerListener(tokenIds: bigint[]) {
  const receiver = await startTestReceiver()
  receivers.push(receiver)
  const listener = await engine.addListener(1, {
    url: receiver.url,
    filters: { contractAddresses: [chain.erc1155], events: [TRANSFER_SINGLE], tokenIDs: tokenIds.map(String) },
  })
  receiver.useSecret(listener.secret!)
  return { receiver, listenerId: listener.id }
}

/** The logs the app holds: BLOCK_ADDED payloads not taken back by the BLOCK_REMOVED of their uid. */
function applied(receiver: TestReceiver): string[] {
  const takenBack = new Set(receiver.removed.map((payload) => payload.uid))
  return receiver.delivered
    .filter((payload) => !takenBack.has(removedUid(payload.uid)))
    .map((payload) => `${payload.txnHash}@${payload.blockHash}`)
    .sort()
}

/** The mints among `hashes` that the node's chain holds now, as txnHash@blockHash. */
async function onChain(hashes: Hex[]): Promise<string[]> {
  const receipts = await Promise.all(
    hashes.map((hash) => chain.rpc('eth_getTransactionReceipt', [hash]) as Promise<{ blockHash: string } | null>),
  )
  return hashes.flatMap((hash, i) => (receipts[i] ? [`${hash}@${receipts[i].blockHash}`] : [])).sort()
}

async function settled(receiver: TestReceiver, listenerId: string, hashes: Hex[]): Promise<void> {
  const pending = async () =>
    (await engine.listDeliveries(1, listenerId)).deliveries.filter((delivery) => delivery.state === 'pending').length
  await waitUntil(
    async () => (await pending()) === 0 && JSON.stringify(applied(receiver)) === JSON.stringify(await onChain(hashes)),
    'the app holds exactly the logs of the final chain and nothing is pending',
    20_000,
  ).catch(async (error) => {
    expect(applied(receiver)).toEqual(await onChain(hashes))
    throw error
  })
}

async function mint(): Promise<{ id: bigint; hash: Hex }> {
  const id = nextTokenId++
  const receipt = await chain.send('TestERC1155', chain.erc1155, 'mint', [BOB, id, 1n])
  return { id, hash: receipt.transactionHash }
}

/** Replaces the blocks after the snapshot with `length` empty ones (longer, so the follower sees the new chain). */
async function reorgTo(snapshot: unknown, length: number): Promise<void> {
  await chain.rpc('evm_revert', [snapshot])
  for (let i = 0; i < length; i++) await chain.rpc('evm_mine')
}

function pairs(receiver: TestReceiver): [WebhookPayload, WebhookPayload][] {
  return receiver.removed.map((removed) => {
    const added = receiver.delivered.find((payload) => removedUid(payload.uid) === removed.uid)!
    return [added, removed]
  })
}

describe('BLOCK_REMOVED over real reorgs of a local EVM node', () => {
  test.each([1, 2, 5])('a reorg of depth %i takes back every delivered log of the dropped blocks', async (depth) => {
    const ids = Array.from({ length: depth + 1 }, (_, i) => nextTokenId + BigInt(i))
    const { receiver, listenerId } = await ledgerListener(ids)
    const before = await mint()
    const snapshot = await chain.rpc('evm_snapshot')
    const dropped: Hex[] = []
    for (let i = 0; i < depth; i++) dropped.push((await mint()).hash)
    await waitUntil(() => receiver.delivered.length === depth + 1, 'every mint is delivered')
    await reorgTo(snapshot, depth + 1)
    await settled(receiver, listenerId, [before.hash, ...dropped])

    expect(receiver.removed.map((payload) => payload.txnHash).sort()).toEqual([...dropped].sort())
    for (const [added, removed] of pairs(receiver)) {
      expect(removed).toEqual({ ...added, uid: removedUid(added.uid), type: 'BLOCK_REMOVED' })
    }
    // The owner's report tells each removal from an addition.
    const reported = (await engine.listDeliveries(1, listenerId)).deliveries
    const typeOf = new Map(reported.map((delivery) => [delivery.uid, delivery.type]))
    expect(reported).toHaveLength(depth * 2 + 1)
    for (const payload of [...receiver.delivered, ...receiver.removed])
      expect(typeOf.get(payload.uid)).toBe(payload.type)
  })

  test('a log re-mined in the new branch is added again under a new uid, after the removal of its first copy', async () => {
    const { receiver, listenerId } = await ledgerListener([nextTokenId])
    const snapshot = await chain.rpc('evm_snapshot')
    const signed = await chain.sign('TestERC1155', chain.erc1155, 'mint', [BOB, nextTokenId++, 1n])
    const original = await chain.sendRaw(signed)
    await waitUntil(() => receiver.delivered.length === 1, 'the first copy is delivered')
    await reorgTo(snapshot, 2)
    const remined = await chain.sendRaw(signed)
    expect(remined.blockHash).not.toBe(original.blockHash)
    await settled(receiver, listenerId, [original.transactionHash])

    const first = deliveryUid(node.chainId, original.transactionHash, 0, listenerId)
    expect(receiver.delivered.map((payload) => [payload.uid, payload.blockHash])).toEqual([
      [first, original.blockHash],
      [readdedUid(first, remined.blockHash), remined.blockHash],
    ])
    expect(receiver.removed.map((payload) => [payload.uid, payload.blockHash])).toEqual([
      [removedUid(first), original.blockHash],
    ])
  })

  test("a reorg while a BLOCK_ADDED is in flight: its BLOCK_REMOVED follows the answer, not the attempt's lease", async () => {
    const { receiver, listenerId } = await ledgerListener([nextTokenId])
    const snapshot = await chain.rpc('evm_snapshot')
    receiver.holdAfter(0)
    const dropped = await mint()
    await waitUntil(() => receiver.arrived.length === 1, 'the BLOCK_ADDED is in flight')
    await reorgTo(snapshot, 2)
    const removal = async () =>
      (await engine.listDeliveries(1, listenerId)).deliveries.find((delivery) => delivery.type === 'BLOCK_REMOVED')
    await waitUntil(async () => (await removal()) !== undefined, 'the BLOCK_REMOVED is queued')
    // Queued behind the attempt in flight, it is due when that attempt's lease ends (attempt timeout + margin): no
    // one knows yet when the answer comes.
    const leaseEnd = Date.parse((await removal())!.nextAttemptAt!)
    expect(leaseEnd - Date.now()).toBeGreaterThan(DEFAULT_ATTEMPT_TIMEOUT_MS / 2)
    receiver.releaseHeld()
    await settled(receiver, listenerId, [dropped.hash])
    const sentAt = Date.parse((await removal())!.history[0]!.at)
    expect(leaseEnd - sentAt).toBeGreaterThan(DEFAULT_ATTEMPT_TIMEOUT_MS / 2)
  })

  test('a reorg while a delivery is being retried takes it back, whether or not the app applied it', async () => {
    const { receiver, listenerId } = await ledgerListener([nextTokenId, nextTokenId + 1n, nextTokenId + 2n])
    const snapshot = await chain.rpc('evm_snapshot')
    // The first mint reaches the app but its answer is lost; the second is refused: both are retried.
    receiver.loseAnswers(1)
    const appliedUnanswered = await mint()
    await waitUntil(() => receiver.delivered.length === 1, 'the first mint reached the app')
    receiver.answerWith(503, { 'retry-after': '3600' })
    const refused = await mint()
    // The first mint's retry may be refused first: the wait is for the second's own attempt.
    const firstUid = receiver.delivered[0]!.uid
    await waitUntil(
      () => receiver.requests.some((request) => request.status === 503 && request.uid !== firstUid),
      'the second mint was refused',
    )
    await reorgTo(snapshot, 3)
    receiver.answerWith(undefined)
    const kept = await mint()
    await settled(receiver, listenerId, [appliedUnanswered.hash, refused.hash, kept.hash])

    expect(receiver.removed.map((payload) => payload.txnHash).sort()).toEqual(
      [appliedUnanswered.hash, refused.hash].sort(),
    )
    const states = (await engine.listDeliveries(1, listenerId)).deliveries.map((delivery) => delivery.state).sort()
    // Two BLOCK_ADDED rows of the dropped block, their two BLOCK_REMOVED rows and the kept mint. The refused one
    // is withheld; the one whose answer was lost may have been retried into 'delivered' before the reorg.
    expect(states).toHaveLength(5)
    expect(states).toContain('reorged')
    expect(states.filter((state) => state !== 'reorged').every((state) => state === 'delivered')).toBe(true)
  })
})
