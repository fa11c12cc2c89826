import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { DeliveryReport } from '../../src/webhook/index.js'
import { seededDataDir } from '../support/store-dump.js'
import { startEvmNode, type EvmNode } from '../webhook/support/evm-node.js'
import { startTestReceiver, waitUntil, type TestReceiver } from '../webhook/support/receiver-server.js'
import { killServerProcesses, startServerProcess, type ServerProcess } from '../webhook/support/server-process.js'
import { deployTokens, type TokenChain } from '../webhook/support/tokens.js'

/** The node runs with polygon's chain id, so the server follows it as network "polygon". */
const POLYGON_CHAIN_ID = 137
const TRANSFER = 'Transfer(address indexed from, address indexed to, uint256 indexed tokenId)'
/** Short, so the claims of a killed process go back to the queue soon (this plus 2 s, docs/guides/test-authors.md). */
const ATTEMPT_TIMEOUT_MS = 1_000
/** Listeners the writers add in all: under a project's limit of 1,000 (docs/limits.md). */
const MAX_WRITES = 900

const dataDir = seededDataDir(mkdtempSync(join(tmpdir(), 'data-dir-kill-deliveries-')))
let node: EvmNode
let chain: TokenChain
let receiver: TestReceiver
/** Mints while the test runs; stopped before the node closes, whatever the test's outcome. */
let running = true
let miner: Promise<void> | undefined

beforeAll(async () => {
  node = await startEvmNode(POLYGON_CHAIN_ID)
  chain = await deployTokens(node)
  receiver = await startTestReceiver()
  // A slow receiver: each answer takes 50–200 ms, so several attempts are in flight at any time.
  receiver.delayAnswers(() => 50 + Math.floor(Math.random() * 150))
})

afterAll(async () => {
  running = false
  await miner?.catch(() => {})
  killServerProcesses()
  await receiver?.close()
  await node?.close()
  rmSync(dataDir, { recursive: true, force: true })
})

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

function startServer(name: string): Promise<ServerProcess> {
  return startServerProcess(name, '', {
    DATA_DIR: dataDir,
    FIXTURES: '',
    CHAIN_RPC_URLS: `polygon=${node.url}`,
    WEBHOOK_ATTEMPT_TIMEOUT_MS: String(ATTEMPT_TIMEOUT_MS),
    WEBHOOK_CHAIN_LEASE_MS: '1000',
  })
}

/** Servers this test killed (marked before the signal, so a call the kill cuts off is known as such). */
const killed = new Set<ServerProcess>()

async function sigkill(server: ServerProcess): Promise<void> {
  killed.add(server)
  const exited = new Promise((resolve) => server.child.once('exit', resolve))
  server.child.kill('SIGKILL')
  await exited
}

async function deliveryReport(server: ServerProcess, listenerId: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${server.url}/polygon-indexer/webhooks/${listenerId}/deliveries?limit=1000`, {
    headers: server.owner,
  })
  return { status: response.status, body: await response.json() }
}

const inFlight = () => receiver.arrived.length - receiver.requests.length
const deliveredHashes = () => new Set(receiver.delivered.map((payload) => payload.txnHash.toLowerCase()))

it('a DATA_DIR server SIGKILLed while deliveries and listener writes are in flight loses neither', async () => {
  let server = await startServer('first')
  const { listener } = await server.clients.indexer.addWebhookListener({
    url: receiver.url,
    filters: { contractAddresses: [chain.erc721], events: [TRANSFER] },
  })
  receiver.useSecret(listener.secret!)

  // The follower starts at the head it first sees: mints count from the first one delivered.
  let tokenId = 1n
  const mint = async () =>
    (await chain.send('TestERC721', chain.erc721, 'mint', [chain.account, tokenId++])).transactionHash
  const mined: string[] = []
  const minted: string[] = []
  for (;;) {
    const hash = await mint()
    minted.push(hash)
    const delivered = await waitUntil(() => deliveredHashes().has(hash.toLowerCase()), 'a warm-up mint', 2_000).then(
      () => true,
      () => false,
    )
    if (delivered) {
      mined.push(hash)
      break
    }
  }

  // Mints one block at a time, back to back, while the server is up or down.
  miner = (async () => {
    while (running) {
      const hash = await mint()
      mined.push(hash)
      minted.push(hash)
      await sleep(50)
    }
  })()

  // Two writers add listeners through whichever server is up; a call that fails is one the kill cut off.
  const acknowledged: string[] = []
  let killOnNextAcknowledgement: (() => void) | undefined
  const writers = Array.from({ length: 2 }, async (_, writer) => {
    for (let i = 0; running && acknowledged.length < MAX_WRITES; i++) {
      const target = server
      try {
        const { listener: added } = await target.clients.indexer.addWebhookListener({
          url: `http://127.0.0.1:9/hook-${writer}-${i}`,
          filters: { contractAddresses: ['0x00000000000000000000000000000000000d0003'], events: [TRANSFER] },
        })
        acknowledged.push(added.id)
        killOnNextAcknowledgement?.()
        killOnNextAcknowledgement = undefined
      } catch (error) {
        if (!killed.has(target)) throw error
      }
      await sleep(100)
    }
  })

  const deliveriesBefore = () => receiver.requests.length
  async function restartAfter(kill: Promise<void>, name: string): Promise<void> {
    await kill
    await sleep(300) // blocks are mined while no server follows the chain
    server = await startServer(name)
    const answered = deliveriesBefore()
    await waitUntil(() => deliveriesBefore() > answered + 5, `deliveries resume on server ${name}`, 20_000)
  }

  // 1. During a burst: several deliveries are in flight at the receiver. It holds the requests that arrive until
  // three are there (however fast this machine mints), and hands them to its app once the server is dead.
  await waitUntil(() => acknowledged.length >= 10, 'ten listener writes acknowledged', 20_000)
  receiver.holdAfter(0)
  await waitUntil(() => inFlight() >= 3, 'three deliveries in flight', 20_000)
  const killedInBurst = sigkill(server).then(() => receiver.releaseHeld())
  await restartAfter(killedInBurst, 'second')

  // 2. Right after the receiver acknowledged a delivery, before the server may have stored the outcome.
  const answered = deliveriesBefore()
  while (deliveriesBefore() === answered) await new Promise((resolve) => setImmediate(resolve))
  await restartAfter(sigkill(server), 'third')

  // 3. Right after the server acknowledged a listener write, in the same turn of the event loop.
  expect(acknowledged.length, 'the writers still run').toBeLessThan(MAX_WRITES - 20)
  const third = server
  await restartAfter(
    new Promise<void>((resolve) => (killOnNextAcknowledgement = () => void sigkill(third).then(resolve))),
    'fourth',
  )

  running = false
  await Promise.all([miner, ...writers])

  // Every log mined for the listener reaches the receiver, at least once (the receiver dropped repeats by webhook-id).
  const missing = () => mined.filter((hash) => !deliveredHashes().has(hash.toLowerCase()))
  // A backlog of hundreds of blocks drains at the receiver's pace (4 requests at once, 50–200 ms each), slower on a
  // loaded machine: what fails the test is a stall, no delivery for 20 s while some are missing, not a deadline.
  for (let seen = -1, since = Date.now(); missing().length > 0; await sleep(100)) {
    if (receiver.requests.length !== seen) [seen, since] = [receiver.requests.length, Date.now()]
    if (Date.now() - since > 20_000)
      throw new Error(`deliveries stalled with ${missing().length} mints missing: ${missing().join(', ')}`)
  }
  // And nothing else: each delivery is one of the mints (a warm-up mint may come late).
  const mints = new Set(minted.map((hash) => hash.toLowerCase()))
  expect(receiver.delivered.filter((payload) => !mints.has(payload.txnHash.toLowerCase()))).toEqual([])

  // The owner's view agrees: each of those deliveries ends delivered. A row still pending waits for its next attempt
  // (after an attempt that a kill or the receiver's hold cut off, a retry on the schedule): what fails is a row
  // missing, in another state, or not sent within 15 s of its nextAttemptAt.
  const uids = receiver.delivered.map((payload) => payload.uid)
  for (;;) {
    const rows = new Map(
      ((await deliveryReport(server, listener.id)).body as DeliveryReport).deliveries.map((row) => [row.uid, row]),
    )
    const notDelivered = uids.filter((uid) => rows.get(uid)?.state !== 'delivered')
    if (notDelivered.length === 0) break
    const stuck = notDelivered
      .map((uid) => rows.get(uid) ?? { uid, state: 'missing from the report' })
      .filter((row) => !('nextAttemptAt' in row) || Date.now() - Date.parse(row.nextAttemptAt!) > 15_000)
    expect(stuck, 'deliveries the receiver has that the route does not show delivered').toEqual([])
    await sleep(250)
  }
  const { status, body } = await deliveryReport(server, listener.id)
  expect(status).toBe(200)
  const report = body as DeliveryReport
  expect(report.deliveries.filter((row) => row.state !== 'delivered')).toEqual([])
  expect(report.deliveries.map((row) => row.uid).sort()).toEqual([...uids].sort())

  // Every listener write a killed server acknowledged is in the store.
  const statuses = await Promise.all(acknowledged.map(async (id) => (await deliveryReport(server, id)).status))
  expect(statuses.filter((status) => status !== 200)).toEqual([])
  expect((await deliveryReport(server, '00000000-0000-4000-8000-000000000000')).status).not.toBe(200)

  server.child.kill('SIGTERM')
  expect(await new Promise((resolve) => server.child.once('exit', resolve))).toBe(0)
}, 180_000)
