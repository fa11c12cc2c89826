import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { openSql, type Sql } from '../../../../src/store/sql.js'
import { createWebhookEngine, type WebhookEngine } from '../../../../src/webhook/index.js'
import { removedUid } from '../../../../src/webhook/engine/delivery/payload.js'
import { dumpedStore } from '../../../support/store-dump.js'
import { transferSingleLog } from '../../support/logs.js'

const ZERO = `0x${'0'.repeat(40)}`
const BOB = '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc'
const TRANSFER_SINGLE =
  'TransferSingle(address indexed operator, address indexed from, address indexed to, uint256 id, uint256 value)'
const CHAIN_ID = 910_001

// The engine is never started: no delivery is attempted but those this file marks as attempted.
let sql: Sql
let engine: WebhookEngine
beforeAll(async () => {
  sql = await openSql({ dataDirDump: dumpedStore() })
  engine = await createWebhookEngine({ sql, allowPrivateTargets: true })
})
afterAll(async () => {
  await engine?.stop()
  await sql?.close()
})

it('queues BLOCK_REMOVED for a dropped log that was attempted, none for one never sent (docs/webhooks.md)', async () => {
  const token = `0x${randomBytes(20).toString('hex')}`
  const listener = await engine.addListener(1, {
    url: 'http://127.0.0.1:9/',
    filters: { contractAddresses: [token], events: [TRANSFER_SINGLE] },
  })
  const mint = () => {
    const { address, topics, data } = transferSingleLog(token, BOB, ZERO, BOB, 1n, 1n)
    return { address, topics, data }
  }
  const attempted = await engine.injectBlock(CHAIN_ID, [mint()])
  const neverSent = await engine.injectBlock(CHAIN_ID, [mint()])
  // An attempt that failed and waits for its retry: the receiver may have applied it.
  await sql.query(`update webhook_outbox set attempts = 1 where uid = any($1)`, [attempted.uids])

  const { removals } = await engine.reorgInjectedBlocks(CHAIN_ID, 2)

  expect(attempted.uids).toHaveLength(1)
  expect(neverSent.uids).toHaveLength(1)
  expect(removals).toEqual([{ uid: removedUid(attempted.uids[0]!), listenerId: listener.id }])
  const { deliveries } = await engine.listDeliveries(1, listener.id)
  expect(deliveries.map((delivery) => delivery.uid).sort()).toEqual(
    [...attempted.uids, ...neverSent.uids, removedUid(attempted.uids[0]!)].sort(),
  )
})
