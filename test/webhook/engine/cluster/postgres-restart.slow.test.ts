import { expect, onTestFinished, test } from 'vitest'
import { sampleCollections } from '../../../../src/reference/data/sample-data.js'
import { startPostgresCluster } from '../../../support/postgres-server.js'
import { startEvmNode } from '../../support/evm-node.js'
import { startTestReceiver, waitUntil } from '../../support/receiver-server.js'
import { killServerProcesses, startServerProcess, type ServerProcess } from '../../support/server-process.js'
import { deployTokens } from '../../support/tokens.js'

/**
 * Two local servers on a PostgreSQL server of this test's own, following one chain (polygon, a local EVM
 * node) for a slow receiver. With a backlog of deliveries queued, PostgreSQL is stopped (fast: its connections
 * are closed; immediate: as by a crash, recovered on start), kept down while more tokens are minted, and
 * started again on the same port. Both servers answer again within seconds, neither exits, and every mint is
 * delivered: those queued before, those mined while the database was down (the follower resumes from its
 * stored cursor) and those mined after.
 */
const POLYGON = 137
const MINTED_BEFORE = 40
const MINTED_WHILE_DOWN = 5
const MINTED_AFTER = 5
const ANSWER_DELAY_MS = 75
const DOWN_MS = 1_500
/** How soon after PostgreSQL is back both servers must answer. */
const ANSWERING_WITHIN_MS = 5_000
const TRANSFER_SINGLE =
  'TransferSingle(address indexed operator, address indexed from, address indexed to, uint256 id, uint256 value)'

const said = (server: ServerProcess, text: string) => server.stderr.some((line) => line.includes(text))
const running = (server: ServerProcess) => server.child.exitCode === null && server.child.signalCode === null

test.for(['fast', 'immediate'] as const)(
  'PostgreSQL stopped (%s) mid-backlog and started: both servers answer again within seconds, every mint is delivered',
  { timeout: 120_000 },
  async (mode) => {
    const cleanups: (() => Promise<unknown>)[] = []
    onTestFinished(async () => {
      killServerProcesses()
      for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined)
    })
    const postgres = await startPostgresCluster('webhook_postgres_restart')
    if (typeof postgres === 'string') throw new Error(postgres)
    cleanups.push(async () => postgres.stop())
    const node = await startEvmNode(POLYGON)
    cleanups.push(() => node.close())
    const chain = await deployTokens(node)
    const env = { CHAIN_RPC_URLS: `polygon=${node.url}` }
    const servers = await Promise.all(['A', 'B'].map((name) => startServerProcess(name, postgres.url, env)))
    await waitUntil(
      () => servers.some((server) => said(server, `chain ${POLYGON}: following it`)),
      'one server follows the chain',
    )

    const receiver = await startTestReceiver()
    cleanups.push(() => receiver.close())
    receiver.delayAnswers(ANSWER_DELAY_MS)
    const { listener } = await servers[0]!.clients.indexer.addWebhookListener({
      url: receiver.url,
      filters: { contractAddresses: [chain.erc1155], events: [TRANSFER_SINGLE] },
    })
    receiver.useSecret(listener.secret!)
    const heroes = sampleCollections.heroes.contractAddress
    const countOfHeroes = (server: ServerProcess) =>
      server.clients.marketplace.getCountOfAllCollectibles({ contractAddress: heroes }).then(({ count }) => count)
    const heroesBefore = await countOfHeroes(servers[1]!)

    let nextId = 1n
    const minted: string[] = []
    const mint = async (count: number) => {
      for (let i = 0; i < count; i++)
        minted.push(
          (await chain.send('TestERC1155', chain.erc1155, 'mint', [chain.account, nextId++, 1n])).transactionHash,
        )
    }
    const deliveredMints = () => new Set(receiver.delivered.map((payload) => payload.txnHash))
    await mint(MINTED_BEFORE)
    await waitUntil(() => receiver.delivered.length > 0, 'deliveries under way')
    const deliveredBeforeRestart = deliveredMints().size
    expect(deliveredBeforeRestart).toBeLessThan(MINTED_BEFORE)

    postgres.halt(mode)
    const downSince = performance.now()
    await mint(MINTED_WHILE_DOWN)
    // The database stays down a while whatever the node took to mine: long enough for pools and followers to fail.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, DOWN_MS - (performance.now() - downSince))))
    postgres.resume()
    const backSince = performance.now()

    const answering = await Promise.all(
      servers.map(async (server) => {
        await waitUntil(
          () =>
            countOfHeroes(server).then(
              (count) => count === heroesBefore,
              () => false,
            ),
          `server ${server.name} answers again`,
          ANSWERING_WITHIN_MS,
        )
        return performance.now() - backSince
      }),
    )
    console.log(
      `PostgreSQL down ${Math.round(backSince - downSince)} ms with ${minted.length - deliveredBeforeRestart} mints undelivered;` +
        ` servers answering ${answering.map(Math.round).join(' and ')} ms after it was back`,
    )

    await mint(MINTED_AFTER)
    await waitUntil(
      () => minted.every((hash) => deliveredMints().has(hash)),
      'every mint is delivered at least once',
      60_000,
    )
    expect(deliveredMints().size).toBe(MINTED_BEFORE + MINTED_WHILE_DOWN + MINTED_AFTER)
    expect(servers.filter((server) => !running(server)).map((server) => server.name)).toEqual([])
  },
)
