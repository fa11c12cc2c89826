import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { issueSecretKey } from '../../../src/local/credentials.js'
import { otherProject } from '../../../src/reference/data/sample-data.js'
import type { DeliveryReport } from '../../../src/webhook/index.js'
import { expectDocumentedError } from '../../server/error-shape.js'
import { startTestReceiver, waitUntil, type TestReceiver } from '../../webhook/support/receiver-server.js'
import { clientsFor, jsonPost, rawCall, startTestServer, type TestServer } from '../support.js'

const TRANSFER_SINGLE =
  'TransferSingle(address indexed operator, address indexed from, address indexed to, uint256 id, uint256 value)'
const ERC721_TRANSFER = 'Transfer(address indexed from, address indexed to, uint256 indexed tokenId)'
const ERC20_TRANSFER = 'Transfer(address indexed from, address indexed to, uint256 value)'
const ALICE = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8'
const BOB = '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc'
const ZERO = `0x${'0'.repeat(40)}`
/** An address or uint256 as a payload's event value: 32 bytes of hex. */
const word = (value: string | bigint) =>
  `0x${(typeof value === 'bigint' ? value.toString(16) : value.slice(2)).padStart(64, '0')}`

let server: TestServer
let owner: Record<string, string>
let receiver: TestReceiver

beforeAll(async () => {
  server = await startTestServer()
  owner = { 'X-Access-Key': server.accessKey, Authorization: `BEARER ${server.secretKey}` }
  receiver = await startTestReceiver()
})
afterAll(async () => {
  await server?.close()
  await receiver?.close()
})

const ownerUrl = (listenerId: string, action: string, network = 'polygon') =>
  `${server.url}/${network}-indexer/webhooks/${listenerId}/${action}`
const trigger = (listenerId: string, action: 'transfer' | 'reorg', body: unknown = {}, network = 'polygon') =>
  rawCall(ownerUrl(listenerId, `trigger/${action}`, network), jsonPost(body, owner))

let contractCounter = 0
/** A listener of its own contract, so no other test's triggers reach it. */
async function listen(events: string[], extra: { tokenIDs?: string[]; accounts?: string[] } = {}, network = 'polygon') {
  const contract = `0x${(0xd100 + ++contractCounter).toString(16).padStart(40, '0')}`
  const { listener } = await clientsFor(server, network as 'polygon').indexer.addWebhookListener({
    url: receiver.url,
    filters: { contractAddresses: [contract], events, ...extra },
  })
  receiver.useSecret(listener.secret!)
  return { listenerId: listener.id, contract }
}

describe('POST …/webhooks/<listenerId>/trigger/transfer and trigger/reorg', () => {
  it('fires a signed delivery through the engine, then takes it back with a BLOCK_REMOVED on a reorg', async () => {
    const { listenerId, contract } = await listen([TRANSFER_SINGLE], { tokenIDs: ['7'] })
    const fired = await trigger(listenerId, 'transfer')
    expect(fired.status).toBe(200)
    const answer = fired.json as {
      block: { number: number; hash: string; parentHash: string }
      transactionHash: string
      transfer: Record<string, string>
      uids: string[]
    }
    expect(answer.transfer).toEqual({
      standard: 'ERC1155',
      contract,
      tokenId: '7',
      from: ZERO,
      to: expect.any(String),
      amount: '1',
    })
    expect(answer.uids).toHaveLength(1)
    const uid = answer.uids[0]!
    await waitUntil(() => receiver.delivered.some((payload) => payload.uid === uid), 'the BLOCK_ADDED arrives')
    // The outcome is written after the receiver answered: a reorg before that finds the row still in flight and
    // records it reorged (its removal is sent all the same). This test's reorg comes after the delivery is recorded.
    await waitUntil(async () => {
      const report = (await rawCall(ownerUrl(listenerId, 'deliveries'), { headers: owner })).json as DeliveryReport
      return report.deliveries.some((delivery) => delivery.uid === uid && delivery.state === 'delivered')
    }, 'the BLOCK_ADDED is recorded as delivered')
    const added = receiver.delivered.find((payload) => payload.uid === uid)!
    expect(added).toMatchObject({
      type: 'BLOCK_ADDED',
      contractType: 'ERC1155',
      blockNumber: answer.block.number,
      blockHash: answer.block.hash,
      parentBlockHash: answer.block.parentHash,
      txnHash: answer.transactionHash,
      contractAddress: contract,
    })
    const to = answer.transfer.to!
    // TransferSingle(operator, from, to, id, value): a mint, its operator the receiver.
    expect(added.event.values).toEqual([word(to), word(ZERO), word(to), word(7n), word(1n)])

    const reorg = await trigger(listenerId, 'reorg', { depth: 1 })
    expect(reorg.status).toBe(200)
    const reorged = reorg.json as { dropped: { number: number; hash: string }[]; uids: string[] }
    expect(reorged.dropped).toEqual([{ number: answer.block.number, hash: answer.block.hash }])
    expect(reorged.uids).toHaveLength(1)
    await waitUntil(
      () => receiver.removed.some((payload) => payload.uid === reorged.uids[0]),
      'the BLOCK_REMOVED arrives',
    )
    const removal = receiver.removed.find((payload) => payload.uid === reorged.uids[0])!
    expect({ ...removal, uid: added.uid, type: added.type }).toEqual(added)

    const report = (await rawCall(ownerUrl(listenerId, 'deliveries'), { headers: owner })).json as DeliveryReport
    expect(report.deliveries.map((delivery) => [delivery.uid, delivery.state]).sort()).toEqual(
      [
        [uid, 'delivered'],
        [reorged.uids[0], 'delivered'],
      ].sort(),
    )
  })

  it.each([
    ['before its BLOCK_ADDED is attempted', 0],
    ['while its BLOCK_ADDED is in flight', 300],
  ])('a reorg at once after the transfer, %s: the receiver ends without the transfer', async (_, answerDelayMs) => {
    receiver.delayAnswers(answerDelayMs)
    try {
      const { listenerId } = await listen([TRANSFER_SINGLE])
      const fired = (await trigger(listenerId, 'transfer')).json as { transactionHash: string }
      expect((await trigger(listenerId, 'reorg')).status).toBe(200)
      await waitUntil(async () => {
        const report = (await rawCall(ownerUrl(listenerId, 'deliveries'), { headers: owner })).json as DeliveryReport
        return report.deliveries.every((delivery) => delivery.state !== 'pending')
      }, 'no delivery of the listener is pending')
      const ofTransfer = (payloads: { txnHash: string }[]) =>
        payloads.filter((payload) => payload.txnHash === fired.transactionHash).length
      // Applied and taken back, or never sent: what the receiver holds of it is nothing either way.
      expect(ofTransfer(receiver.delivered) - ofTransfer(receiver.removed)).toBe(0)
    } finally {
      receiver.delayAnswers(0)
    }
  })

  it('builds each standard from the listener, and takes the fields the request names', async () => {
    const erc721 = await listen([ERC721_TRANSFER], { accounts: [BOB] })
    const nft = (await trigger(erc721.listenerId, 'transfer', { tokenId: '42', from: ALICE })).json as {
      transfer: Record<string, string>
      uids: string[]
    }
    expect(nft.transfer).toEqual({
      standard: 'ERC721',
      contract: erc721.contract,
      tokenId: '42',
      from: ALICE,
      to: BOB,
      amount: '1',
    })
    expect(nft.uids).toHaveLength(1)
    await waitUntil(
      () => receiver.delivered.some((payload) => payload.uid === nft.uids[0]),
      'the ERC-721 transfer arrives',
    )
    expect(receiver.delivered.find((payload) => payload.uid === nft.uids[0])!.event.values).toEqual([
      word(ALICE),
      word(BOB),
      word(42n),
    ])

    const erc20 = await listen([ERC20_TRANSFER])
    const fungible = (await trigger(erc20.listenerId, 'transfer', { amount: '1000000' })).json as {
      transfer: Record<string, string>
      uids: string[]
    }
    expect(fungible.transfer.standard).toBe('ERC20')
    await waitUntil(
      () => receiver.delivered.some((payload) => payload.uid === fungible.uids[0]),
      'the ERC-20 transfer arrives',
    )
    expect(receiver.delivered.find((payload) => payload.uid === fungible.uids[0])!.event.values).toEqual([
      word(ZERO),
      word(fungible.transfer.to!),
      word(1_000_000n),
    ])
  })

  it('queues nothing for a transfer the listener does not match, and says so', async () => {
    const { listenerId } = await listen([TRANSFER_SINGLE], { tokenIDs: ['7'] })
    const answer = (await trigger(listenerId, 'transfer', { tokenId: '8' })).json as { uids: string[] }
    expect(answer.uids).toEqual([])
  })

  it('appends each block to the one before it on the network', async () => {
    const { listenerId } = await listen([TRANSFER_SINGLE], {}, 'mainnet')
    const first = (await trigger(listenerId, 'transfer', {}, 'mainnet')).json as {
      block: { number: number; hash: string }
    }
    const second = (await trigger(listenerId, 'transfer', {}, 'mainnet')).json as {
      block: { number: number; parentHash: string }
    }
    expect(second.block).toMatchObject({ number: first.block.number + 1, parentHash: first.block.hash })
    const reorg = (await trigger(listenerId, 'reorg', { depth: 2 }, 'mainnet')).json as {
      dropped: { number: number }[]
    }
    expect(reorg.dropped.map((block) => block.number)).toEqual([first.block.number + 1, first.block.number])
    const third = (await trigger(listenerId, 'transfer', {}, 'mainnet')).json as { block: { number: number } }
    expect(third.block.number).toBe(first.block.number)
  })

  it('answers bad input, credentials and methods with documented errors', async () => {
    const { listenerId } = await listen([TRANSFER_SINGLE])
    for (const [body, field] of [
      [{ standard: 'ERC777' }, 'standard'],
      [{ tokenId: '-1' }, 'tokenId'],
      [{ contract: '0x12' }, 'contract'],
      [{ amount: 5 }, 'amount'],
      [{ colour: 'red' }, 'colour'],
    ] as const) {
      const answer = await trigger(listenerId, 'transfer', body)
      expectDocumentedError(answer, 'InvalidArgument')
      expect((answer.json as { cause: string }).cause).toContain(field)
    }
    expectDocumentedError(await trigger(listenerId, 'reorg', { depth: 0 }), 'InvalidArgument')
    expectDocumentedError(await trigger(listenerId, 'reorg', { depth: 64 }), 'InvalidArgument')
    expectDocumentedError(
      await rawCall(ownerUrl(listenerId, 'trigger/transfer'), { headers: owner }),
      'WebrpcBadMethod',
    )
    expectDocumentedError(
      await rawCall(ownerUrl(listenerId, 'trigger/transfer'), jsonPost({}, { 'X-Access-Key': server.accessKey })),
      'Unauthorized',
    )
    const otherSecret = await issueSecretKey(server.jwtSecret, otherProject.id)
    expectDocumentedError(
      await rawCall(
        ownerUrl(listenerId, 'trigger/transfer'),
        jsonPost({}, { 'X-Access-Key': otherProject.accessKey, Authorization: `BEARER ${otherSecret}` }),
      ),
      'PermissionDenied',
    )
    expectDocumentedError(await trigger('no-such-listener', 'transfer'), 'NotFound')
    expectDocumentedError(await trigger(listenerId, 'launch' as 'reorg'), 'WebrpcBadRoute')
  })
})
