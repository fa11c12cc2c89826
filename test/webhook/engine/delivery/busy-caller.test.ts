import { randomBytes } from 'node:crypto'
import { getAddress } from 'viem'
import { afterEach, expect, test } from 'vitest'
import type { Log } from '../../../../src/observability/log.js'
import { openSql } from '../../../../src/store/sql.js'
import { createWebhookEngine } from '../../../../src/webhook/index.js'
import { dumpedStore } from '../../../support/store-dump.js'
import { transferSingleLog } from '../../support/logs.js'
import { startTestReceiver, waitUntil } from '../../support/receiver-server.js'

const BOB = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const TRANSFER_SINGLE = 'TransferSingle(address indexed,address indexed,address indexed,uint256,uint256)'
/** Logs queued back to back: several times the attempt timeout below at any speed this suite runs at. */
const LOGS = 600
/**
 * Long enough that a loaded machine's slow turns of the loop stay within it (at 200 ms, a run beside other files
 * sharing its worker saw an attempt time out now and then), short enough that the loop outlasts it.
 */
const ATTEMPT_TIMEOUT_MS = 500

const cleanups: (() => Promise<unknown>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

test('deliveries keep flowing while a caller queues logs back to back on the embedded store', async () => {
  const receiver = await startTestReceiver()
  cleanups.push(() => receiver.close())
  const sql = await openSql({ dataDirDump: dumpedStore() })
  cleanups.push(() => sql.close())
  const failed: string[] = []
  const log: Log = (message) => void failed.push(message)
  const engine = await createWebhookEngine({
    sql,
    allowPrivateTargets: true,
    attemptTimeoutMs: ATTEMPT_TIMEOUT_MS,
    log,
  })
  await engine.start()
  cleanups.push(() => engine.stop())
  const contract = getAddress(`0x${randomBytes(20).toString('hex')}`)
  const listener = await engine.addListener(1, {
    url: receiver.url,
    filters: { contractAddresses: [contract], events: [TRANSFER_SINGLE] },
  })
  receiver.useSecret(listener.secret!)
  const started = performance.now()
  // A test's setup as it is often written: one await after another, nothing else in between.
  for (let id = 1; id <= LOGS; id++)
    await engine.ingest(137, transferSingleLog(contract, BOB, BOB, BOB, BigInt(id), 1n))
  const queuingMs = performance.now() - started
  await waitUntil(() => receiver.delivered.length === LOGS, 'every delivery arrives', 60_000)
  // Each store statement lets the event loop turn: the receiver's answers are read while the loop goes on, and
  // no attempt outlives its timeout waiting for them.
  expect(queuingMs, 'the loop outlasts an attempt timeout several times over').toBeGreaterThan(2 * ATTEMPT_TIMEOUT_MS)
  expect(failed.filter((message) => message.includes('attempt'))).toEqual([])
  expect(receiver.requests.length).toBe(LOGS)
})
