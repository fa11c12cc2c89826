import { afterAll, beforeAll, expect, test } from 'vitest'
import { openSql, type Sql } from '../../../../src/store/sql.js'
import type { FinishedAttempt } from '../../../../src/webhook/engine/delivery/attempts.js'
import { ListenerGate } from '../../../../src/webhook/engine/delivery/listener-gate.js'
import { ListenerHealth } from '../../../../src/webhook/engine/delivery/listener-health.js'
import { prepareWebhookTables } from '../../../../src/webhook/engine/store/store-schema.js'
import { dumpedStore } from '../../../support/store-dump.js'

/** What the delivery worker keeps per listener grows with the listeners active now, never with every one seen. */
const LISTENERS = 5_000

let sql: Sql
beforeAll(async () => {
  sql = await openSql({ dataDirDump: dumpedStore() })
  await prepareWebhookTables(sql)
})
afterAll(() => sql?.close())

const failed = (listenerId: string, at: number): FinishedAttempt => ({
  attempt: { uid: `${listenerId}-1`, listenerId, attempt: 1, at, status: 500, error: 'HTTP 500', durationMs: 1 },
  outcome: { retryAt: at + 1_000, error: 'HTTP 500' },
  receiverHealthy: false,
})

test('the health verdicts kept are those of the last second, however many listeners were judged before', async () => {
  const health = new ListenerHealth()
  const start = Date.now()
  const batch = Array.from({ length: LISTENERS }, (_, i) => failed(`gone-${i}`, start))
  await health.record(sql, batch, start)
  expect(health.size).toBe(LISTENERS)
  await health.record(sql, [failed('still-here', start + 2_000)], start + 2_000)
  expect(health.size).toBe(1)
})

test('a closed gate is forgotten once the store holds the change and a later claim has run', () => {
  const gate = new ListenerGate()
  for (let i = 0; i < LISTENERS; i++) gate.close(`left-${i}`, false)
  const during = gate.claimBegins()
  for (let i = 0; i < LISTENERS; i++) gate.close(`left-${i}`, true)
  // A claim begun before the change committed may still hand over the listeners' rows: the gates stay closed.
  gate.claimEnded(during)
  expect(gate.size).toBe(LISTENERS)
  expect(gate.isOpen('left-0')).toBe(false)
  gate.claimEnded(gate.claimBegins())
  expect(gate.size).toBe(0)
})

test('a gate closed by a change still being written stays closed until the change commits', () => {
  const gate = new ListenerGate()
  gate.close('leaving', false)
  gate.claimEnded(gate.claimBegins())
  gate.open('leaving', true)
  expect(gate.isOpen('leaving')).toBe(false)
  gate.open('leaving', false)
  expect(gate.isOpen('leaving')).toBe(true)
})
