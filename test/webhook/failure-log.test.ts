import { randomBytes } from 'node:crypto'
import { getAddress } from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import type { Log } from '../../src/log.js'
import { openSql, type Sql } from '../../src/store/sql.js'
import { createWebhookEngine, type WebhookEngineOptions } from '../../src/webhook/index.js'
import { transferSingleLog } from './support/logs.js'
import { startRawServer } from './support/raw-server.js'
import { waitUntil } from './support/receiver-server.js'

const ZERO = '0x0000000000000000000000000000000000000000'
const BOB = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const TRANSFER_SINGLE =
  'TransferSingle(address indexed operator, address indexed from, address indexed to, uint256 id, uint256 value)'
const CHAIN_ID = 31337

interface Logged {
  message: string
  error: unknown
}

/** An injected `log` that keeps every call. */
function recordingLog(): { log: Log; entries: Logged[] } {
  const entries: Logged[] = []
  return { log: (message, error) => entries.push({ message, error }), entries }
}

let sql: Sql
const cleanups: (() => Promise<unknown>)[] = []

beforeAll(async () => {
  sql = await openSql()
})
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})
afterAll(() => sql?.close())

async function startEngine(options: Partial<WebhookEngineOptions>) {
  const engine = await createWebhookEngine({
    sql,
    allowPrivateTargets: true,
    idlePollMs: 20,
    retry: { baseDelayMs: 60_000, factor: 2, maxDelayMs: 60_000, maxAttempts: 5, jitter: 0 },
    ...options,
  })
  await engine.start()
  cleanups.push(() => engine.stop())
  return engine
}

/** A receiver URL that answers 500, or one where nothing listens (connection refused). */
const receivers = {
  'answers 500': async () => {
    const server = await startRawServer((_, response) => response.writeHead(500).end())
    cleanups.push(server.close)
    return { url: server.url, error: (error: unknown) => expect(error).toBe('HTTP 500') }
  },
  'refuses the connection': async () => {
    const server = await startRawServer(() => undefined)
    await server.close()
    return { url: server.url, error: (error: unknown) => expect(String(error)).toMatch(/ECONNREFUSED/) }
  },
}

describe('the engine logs through its injected log', () => {
  test.each(Object.keys(receivers) as (keyof typeof receivers)[])(
    'a failed delivery attempt: the receiver %s',
    async (receiverCase) => {
      const receiver = await receivers[receiverCase]()
      const { log, entries } = recordingLog()
      const engine = await startEngine({ log })
      // Listeners outlive each engine in the shared store: a contract of its own keeps this one apart.
      const contract = getAddress(`0x${randomBytes(20).toString('hex')}`)
      const listener = await engine.addListener('p', {
        url: receiver.url,
        filters: { contractAddresses: [contract], events: [TRANSFER_SINGLE] },
      })
      const { uids } = await engine.ingest(137, transferSingleLog(contract, BOB, ZERO, BOB, 1n, 1n))

      await waitUntil(() => entries.length > 0, 'the failed attempt is logged')
      const [entry] = entries
      expect(entry!.message).toMatch(
        new RegExp(
          `^webhook delivery ${uids[0]} \\(listener ${listener.id}\\) attempt 1 failed; next attempt at \\S+Z$`,
        ),
      )
      receiver.error(entry!.error)
      // The log says what the owner's report says, once the attempt is recorded.
      const lastError = async () => (await engine.listDeliveries('p', listener.id)).deliveries[0]?.lastError
      await waitUntil(async () => (await lastError()) !== undefined, 'the attempt is recorded')
      expect(await lastError()).toBe(entry!.error)
    },
  )

  test('a failed chain poll, once while the node keeps failing the same way', async () => {
    const node = await startRawServer((request, response) => {
      const { id } = JSON.parse(request.body) as { id: number }
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ jsonrpc: '2.0', id, error: { code: -32000, message: 'node is syncing' } }))
    })
    cleanups.push(node.close)
    const { log, entries } = recordingLog()
    await startEngine({ log, chains: [{ chainId: CHAIN_ID, rpcUrl: node.url, pollIntervalMs: 10 }] })

    await waitUntil(() => node.requests.length >= 3, 'the follower has polled three times')
    expect(entries).toHaveLength(1)
    expect(entries[0]!.message).toBe(`chain ${CHAIN_ID}: polling the JSON-RPC node failed`)
    expect(entries[0]!.error).toBeInstanceOf(Error)
    expect((entries[0]!.error as Error).message).toContain('node is syncing')
  })
})
