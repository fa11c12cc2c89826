import { afterAll, expect, test } from 'vitest'
import { createTestDatabase } from '../../../local/support.js'
import { startEvmNode } from '../../support/evm-node.js'
import { startTestReceiver, waitUntil } from '../../support/receiver-server.js'
import { killServerProcesses, startServerProcess, type ServerProcess } from '../../support/server-process.js'
import { deployTokens } from '../../support/tokens.js'
import { startRpcProxy } from '../../support/rpc-proxy.js'

/**
 * Two local servers on one PostgreSQL database follow the same chain (polygon, a local EVM node): one holds
 * the chain's lease and fetches each block once for the cluster; the other stands by. The follower's
 * server is killed with SIGKILL; the other takes over once the lease runs out and no block is skipped:
 * every mint is delivered at least once.
 */
const POLYGON = 137
const LEASE_MS = 2_000
const TRANSFER_SINGLE =
  'TransferSingle(address indexed operator, address indexed from, address indexed to, uint256 id, uint256 value)'

const cleanups: (() => Promise<unknown>)[] = []
afterAll(async () => {
  killServerProcesses()
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined)
})

/** The node behind a proxy that counts eth_getLogs calls by block hash: how often each block was fetched. */
async function countingProxy(target: string) {
  const getLogsByBlock = new Map<string, number>()
  const proxy = await startRpcProxy(target, (call) => {
    const blockHash = call.method === 'eth_getLogs' ? (call.params[0] as { blockHash?: string })?.blockHash : undefined
    if (blockHash) getLogsByBlock.set(blockHash, (getLogsByBlock.get(blockHash) ?? 0) + 1)
  })
  cleanups.push(() => proxy.close())
  return { url: proxy.url, getLogsByBlock }
}

const said = (server: ServerProcess, text: string) => server.stderr.some((line) => line.includes(text))

test('one follower per chain across servers; killed, another takes over within the lease and skips no block', async () => {
  const node = await startEvmNode(POLYGON)
  cleanups.push(() => node.close())
  const chain = await deployTokens(node)
  const proxy = await countingProxy(node.url)
  const databaseUrl = await createTestDatabase('webhook_follower_failover')
  const env = { CHAIN_RPC_URLS: `polygon=${proxy.url}`, WEBHOOK_CHAIN_LEASE_MS: String(LEASE_MS) }
  const servers = await Promise.all(['A', 'B'].map((name) => startServerProcess(name, databaseUrl, env)))
  await waitUntil(
    () => servers.some((server) => said(server, `chain ${POLYGON}: following it`)),
    'one server follows the chain',
  )
  const follower = servers.find((server) => said(server, `chain ${POLYGON}: following it`))!
  const standby = servers.find((server) => server !== follower)!
  await waitUntil(() => said(standby, `chain ${POLYGON}: standing by`), 'the other server stands by')

  const receiver = await startTestReceiver()
  cleanups.push(() => receiver.close())
  const { listener } = await standby.clients.indexer.addWebhookListener({
    url: receiver.url,
    filters: { contractAddresses: [chain.erc1155], events: [TRANSFER_SINGLE] },
  })
  receiver.useSecret(listener.secret!)
  const mint = (id: bigint) => chain.send('TestERC1155', chain.erc1155, 'mint', [chain.account, id, 1n])
  const minted: string[] = []
  for (const id of [1n, 2n, 3n]) minted.push((await mint(id)).transactionHash)
  await waitUntil(() => receiver.delivered.length >= 3, 'the first mints are delivered')

  // Each block so far was fetched once in the cluster: by the follower only.
  const fetchedBeforeKill = new Map(proxy.getLogsByBlock)
  expect(fetchedBeforeKill.size).toBeGreaterThanOrEqual(3)
  expect([...fetchedBeforeKill.values()].every((count) => count === 1)).toBe(true)

  const exited = new Promise((resolve) => follower.child.once('exit', resolve))
  follower.child.kill('SIGKILL')
  await exited
  // Mined while no server follows the chain: the one that takes over starts from the stored cursor.
  for (const id of [4n, 5n, 6n]) minted.push((await mint(id)).transactionHash)
  await waitUntil(
    () => said(standby, `chain ${POLYGON}: following it, taken over from engine`),
    'the standby takes over',
  )
  await waitUntil(
    () => minted.every((hash) => receiver.delivered.some((payload) => payload.txnHash === hash)),
    'every mint is delivered at least once',
  )
  expect(standby.stderr.filter((line) => line.includes(`chain ${POLYGON}`) && line.includes('failed'))).toEqual([])
}, 120_000)
