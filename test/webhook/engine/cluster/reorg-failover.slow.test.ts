import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, expect, test } from 'vitest'
import type { Hex } from 'viem'
import type { WebhookPayload } from '../../../../gen/indexer.gen.js'
import { openSql } from '../../../../src/store/sql.js'
import { createWebhookReceiver, nodeWebhookHandler } from '../../../../src/webhook/index.js'
import { createTestDatabase } from '../../../local/support.js'
import { startEvmNode } from '../../support/evm-node.js'
import { waitUntil } from '../../support/receiver-server.js'
import { killServerProcesses, startServerProcess, type ServerProcess } from '../../support/server-process.js'
import { deployTokens, type TokenChain } from '../../support/tokens.js'
import { startRpcProxy, type RpcCall } from '../../support/rpc-proxy.js'

/**
 * Two local servers on one PostgreSQL database follow one chain (polygon, a local EVM node). A reorg drops
 * three blocks whose mints a receiver's app applied, and the server following the chain is killed (SIGKILL) at
 * one moment of handling it: before it sees the new chain, while it walks back to the fork point, or once the
 * walk-back is stored. The other server takes over the chain's lease, and the app, which applies each
 * BLOCK_ADDED and undoes each BLOCK_REMOVED (deduplicating by webhook-id), ends holding exactly the mints of
 * the final chain.
 */
const POLYGON = 137
const LEASE_MS = 3_000
const TRANSFER_SINGLE =
  'TransferSingle(address indexed operator, address indexed from, address indexed to, uint256 id, uint256 value)'

const cleanups: (() => Promise<unknown>)[] = []
afterEach(async () => {
  killServerProcesses()
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined)
})

/**
 * The node behind a proxy that tells the servers apart by path (`<url>/<server name>`). A trap, once armed,
 * is shown every call; the first call it picks kills the server that made it, before the call is answered.
 */
async function killingProxy(target: string, servers: Map<string, ServerProcess>) {
  let trap: ((call: RpcCall) => boolean) | undefined
  let killed: ServerProcess | undefined
  const proxy = await startRpcProxy(target, (call, path, response) => {
    const caller = servers.get(path.slice(1))
    if (!trap || !caller || !trap(call)) return false
    trap = undefined
    killed = caller
    caller.child.kill('SIGKILL')
    response.destroy()
    return true
  })
  cleanups.push(() => proxy.close())
  return {
    url: proxy.url,
    arm: (pick: (call: RpcCall) => boolean) => (trap = pick),
    killed: () => killed,
  }
}

/** A log as the app keys it: which transaction's which log, in which block. */
const logKey = (txnHash: string, txnLogIndex: string | number, blockHash: string) =>
  `${txnHash.toLowerCase()}:${txnLogIndex}@${blockHash.toLowerCase()}`
const keyOf = (payload: WebhookPayload) => logKey(payload.txnHash, payload.txnLogIndex, payload.blockHash)

/**
 * A receiver whose app keeps the logs it holds: a BLOCK_ADDED adds its log, a BLOCK_REMOVED takes it away (one
 * whose log it does not hold takes back nothing, as docs/webhooks.md says). The receiver drops a repeated
 * webhook-id; a log added while already held would be applied twice, and is recorded.
 */
async function ledgerReceiver() {
  const held = new Set<string>()
  const appliedTwice: string[] = []
  let handler: http.RequestListener | undefined
  const server = http.createServer((request, response) =>
    handler ? handler(request, response) : response.writeHead(503).end(),
  )
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  cleanups.push(() => {
    server.closeAllConnections()
    return new Promise((resolve) => server.close(resolve))
  })
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    held,
    appliedTwice,
    useSecret(secret: string) {
      const receiver = createWebhookReceiver({
        secret,
        onDelivery: (payload) => {
          if (held.has(keyOf(payload))) appliedTwice.push(keyOf(payload))
          held.add(keyOf(payload))
        },
        onRemoved: (payload) => void held.delete(keyOf(payload)),
      })
      handler = nodeWebhookHandler(receiver)
    },
  }
}

/** The mints among `hashes` that the node's chain holds now, keyed as the app keys them (one log each). */
async function onChain(chain: TokenChain, hashes: Hex[]): Promise<string[]> {
  const receipts = await Promise.all(
    hashes.map((hash) => chain.rpc('eth_getTransactionReceipt', [hash]) as Promise<{ blockHash: string } | null>),
  )
  return hashes.flatMap((hash, i) => (receipts[i] ? [logKey(hash, 0, receipts[i].blockHash)] : [])).sort()
}

const said = (server: ServerProcess, text: string) => server.stderr.some((line) => line.includes(text))
const blockNumberOf = (call: RpcCall) => Number(call.params[0])

/** Where the follower is killed, given the number of the last block before the dropped ones (the fork point). */
const killMoments: [string, (fork: number) => (call: RpcCall) => boolean][] = [
  // The first block past the old head, whose parent is not the stored head: the reorg is not seen yet.
  [
    'on fetching the block that reveals the reorg',
    (fork) => (call) => call.method === 'eth_getBlockByNumber' && blockNumberOf(call) === fork + 4,
  ],
  // The walk back has found the old head dropped and asks for the block before it: nothing is stored yet.
  [
    'while walking back to the fork point',
    (fork) => (call) => call.method === 'eth_getBlockByNumber' && blockNumberOf(call) === fork + 2,
  ],
  // The first logs fetched after the walk-back: the dropped blocks are forgotten and the removals queued.
  ['once the walk-back is stored, on fetching the new chain', () => (call) => call.method === 'eth_getLogs'],
]

test.each(killMoments)(
  'the follower killed %s: the other server takes over and the app ends with the final chain',
  async (_moment, trapAt) => {
    const node = await startEvmNode(POLYGON)
    cleanups.push(() => node.close())
    const chain = await deployTokens(node)
    const databaseUrl = await createTestDatabase('webhook_reorg_failover')
    const byName = new Map<string, ServerProcess>()
    const proxy = await killingProxy(node.url, byName)
    for (const name of ['A', 'B']) {
      const env = {
        CHAIN_RPC_URLS: `polygon=${proxy.url}/${name}`,
        WEBHOOK_CHAIN_LEASE_MS: String(LEASE_MS),
        // A delivery in flight in the killed server is retried after this (and a margin).
        WEBHOOK_ATTEMPT_TIMEOUT_MS: '1000',
      }
      byName.set(name, await startServerProcess(name, databaseUrl, env))
    }
    const servers = [...byName.values()]
    await waitUntil(
      () => servers.some((server) => said(server, `chain ${POLYGON}: following it`)),
      'one server follows the chain',
    )

    const app = await ledgerReceiver()
    const { listener } = await servers[0]!.clients.indexer.addWebhookListener({
      url: app.url,
      filters: { contractAddresses: [chain.erc1155], events: [TRANSFER_SINGLE] },
    })
    app.useSecret(listener.secret!)
    let nextId = 1n
    const mint = async () =>
      (await chain.send('TestERC1155', chain.erc1155, 'mint', [chain.account, nextId++, 1n])).transactionHash
    const minted: Hex[] = []
    const holdsTheChain = async () =>
      JSON.stringify([...app.held].sort()) === JSON.stringify(await onChain(chain, minted))

    minted.push(await mint())
    await waitUntil(holdsTheChain, 'the app holds the first mint')
    const fork = Number(await chain.rpc('eth_blockNumber'))
    const snapshot = await chain.rpc('evm_snapshot')
    // Three blocks to drop, one mint each; the first of them is mined again in the new chain.
    const remined = await chain.sign('TestERC1155', chain.erc1155, 'mint', [chain.account, nextId++, 1n])
    minted.push((await chain.sendRaw(remined)).transactionHash, await mint(), await mint())
    await waitUntil(holdsTheChain, 'the app holds the mints of the blocks to be dropped')

    proxy.arm(trapAt(fork))
    await chain.rpc('evm_revert', [snapshot])
    await chain.sendRaw(remined)
    minted.push(await mint())
    // Longer than the dropped branch, so the follower sees the new chain.
    for (let i = 0; i < 2; i++) await chain.rpc('evm_mine')
    expect(Number(await chain.rpc('eth_blockNumber'))).toBe(fork + 4)

    await waitUntil(() => proxy.killed() !== undefined, 'the follower is killed at the chosen moment')
    const survivor = servers.find((server) => server !== proxy.killed())!
    const linesBeforeKill = survivor.stderr.length
    await waitUntil(
      () =>
        survivor.stderr
          .slice(linesBeforeKill)
          .some((line) => line.includes(`chain ${POLYGON}: following it, taken over from engine`)),
      'the other server takes over the chain',
    )
    const sql = await openSql({ databaseUrl })
    cleanups.push(() => sql.close())
    const pending = async () =>
      Number(
        (await sql.query<{ n: string }>(`select count(*) as n from webhook_outbox where state = 'pending'`)).rows[0]!.n,
      )
    await waitUntil(
      async () => (await pending()) === 0 && (await holdsTheChain()),
      'the app holds exactly the mints of the final chain and nothing is pending',
      30_000,
    ).catch(async (error) => {
      expect([...app.held].sort()).toEqual(await onChain(chain, minted))
      throw error
    })
    expect(app.appliedTwice).toEqual([])
    expect(await onChain(chain, minted)).toHaveLength(3)
    expect(survivor.stderr.filter((line) => line.includes(`chain ${POLYGON}`) && line.includes('failed'))).toEqual([])
  },
  120_000,
)
