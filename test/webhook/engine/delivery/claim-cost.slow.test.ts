import { afterEach, expect, test } from 'vitest'
import { openSql, type Sql } from '../../../../src/store/sql.js'
import { claimDueDeliveries } from '../../../../src/webhook/engine/delivery/outbox.js'
import { createWebhookEngine, type InjectedLog } from '../../../../src/webhook/index.js'
import { createTestDatabase } from '../../../local/support.js'
import { transferSingleLog } from '../../support/logs.js'

/**
 * A claim's cost does not grow with one listener's backlog, whatever the planner knows of the outbox: one listener
 * has BACKLOG due rows, queued by the engine a block at a time, the table is analyzed (as autovacuum does while an
 * engine runs), and a claim of a few rows must read a few of them. Its plan is read from EXPLAIN ANALYZE of the very
 * statement the engine sends.
 */
const BACKLOG = 3_000
const PER_BLOCK = 500
const CLAIMED = 8
const POLYGON = 137
const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const HOLDER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const EVENT = 'TransferSingle(address indexed,address indexed,address indexed,uint256,uint256)'
/** Rows the claim may read from the outbox in all: its listener probes and the claimed rows twice, never the backlog. */
const READ_BOUND = 4 * CLAIMED

const cleanups: (() => Promise<unknown>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

interface PlanNode {
  'Relation Name'?: string
  'Actual Rows': number
  'Actual Loops': number
  Plans?: PlanNode[]
}

/** Rows every scan of webhook_outbox returned, in all loops. */
const outboxRowsRead = (node: PlanNode): number =>
  (node['Relation Name'] === 'webhook_outbox' && !('Operation' in node)
    ? node['Actual Rows'] * node['Actual Loops']
    : 0) + (node.Plans ?? []).reduce((sum, child) => sum + outboxRowsRead(child), 0)

/** The claim as the engine sends it, explained and analyzed in a transaction rolled back: rows read from the outbox. */
async function claimReads(sql: Sql, listenerId: string): Promise<{ claimed: number; read: number }> {
  let plan: PlanNode | undefined
  const rolledBack = new Error('rolled back')
  await sql
    .transaction(async (tx) => {
      const explaining: Sql = {
        ...tx,
        query: async <Row>(text: string, params?: unknown[]) => {
          const { rows } = await tx.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
            `explain (analyze, format json) ${text}`,
            params,
          )
          plan = rows[0]!['QUERY PLAN'][0].Plan
          return { rows: [] as Row[] }
        },
      }
      await claimDueDeliveries(explaining, 'engine-1', 60_000, {
        limit: CLAIMED,
        perListener: 32,
        inFlight: new Map([[listenerId, 2]]),
        after: '',
      })
      throw rolledBack
    })
    .catch((error: unknown) => {
      if (error !== rolledBack) throw error
    })
  const taken = (node: PlanNode): number =>
    node['Relation Name'] === 'webhook_outbox' && 'Operation' in node
      ? node['Actual Rows']
      : (node.Plans ?? []).reduce((sum, child) => sum + taken(child), 0)
  return { claimed: taken(plan!), read: outboxRowsRead(plan!) }
}

const stores: [string, () => Promise<Sql>][] = [
  ['the embedded store', () => openSql()],
  ['PostgreSQL', async () => openSql({ databaseUrl: await createTestDatabase('claim_cost') })],
]

test.each(stores)(
  'on %s, a claim reads a few rows of a listener with a large backlog, before and after ANALYZE',
  async (_, open) => {
    const sql = await open()
    const engine = await createWebhookEngine({ sql, allowPrivateTargets: true })
    cleanups.push(async () => {
      await engine.stop()
      await sql.close()
    })
    const { id: listenerId } = await engine.addListener(1, {
      url: 'http://127.0.0.1:9/hook',
      filters: { contractAddresses: [TOKEN], events: [EVENT] },
    })
    let tokenId = 0n
    const mint = (): InjectedLog => {
      const { address, topics, data } = transferSingleLog(TOKEN, HOLDER, HOLDER, HOLDER, ++tokenId, 1n)
      return { address, topics, data }
    }
    for (let queued = 0; queued < BACKLOG; queued += PER_BLOCK)
      await engine.injectBlock(POLYGON, Array.from({ length: PER_BLOCK }, mint))
    const fresh = await claimReads(sql, listenerId)
    await sql.query('analyze webhook_outbox')
    const analyzed = await claimReads(sql, listenerId)

    const bounded = { claimed: CLAIMED, read: expect.toSatisfy((read: number) => read <= READ_BOUND) }
    expect({ fresh, analyzed }).toEqual({ fresh: bounded, analyzed: bounded })
  },
)
