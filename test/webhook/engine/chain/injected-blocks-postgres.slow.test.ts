import { afterAll, expect, it } from 'vitest'
import { openSql, type Sql } from '../../../../src/store/sql.js'
import { createWebhookEngine, type WebhookEngine } from '../../../../src/webhook/index.js'
import { createTestDatabase } from '../../../local/support.js'
import { transferSingleLog } from '../../support/logs.js'

// Blocks injected at once by two engines, each with its own pool, on one PostgreSQL database: one chain, each
// number once. (On the embedded store one connection serialises them anyway.)

const opened: { sql: Sql; engine: WebhookEngine }[] = []
afterAll(async () => {
  for (const { sql, engine } of opened) {
    await engine.stop()
    await sql.close()
  }
})

it('links blocks injected at once by two engines into one chain', async () => {
  const databaseUrl = await createTestDatabase('injected_blocks')
  for (let i = 0; i < 2; i++) {
    const sql = await openSql({ databaseUrl })
    opened.push({ sql, engine: await createWebhookEngine({ sql, allowPrivateTargets: true }) })
  }
  const { address, topics, data } = transferSingleLog(
    `0x${'ab'.repeat(20)}`,
    `0x${'0'.repeat(40)}`,
    `0x${'0'.repeat(40)}`,
    `0x${'0'.repeat(40)}`,
    1n,
    1n,
  )
  const blocks = await Promise.all(
    Array.from({ length: 40 }, (_, i) => opened[i % 2]!.engine.injectBlock(137, [{ address, topics, data }])),
  )
  const byNumber = new Map(blocks.map((block) => [block.number, block]))
  expect([...byNumber.keys()].sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1))
  for (let number = 2; number <= 40; number++)
    expect(byNumber.get(number)!.parentHash).toBe(byNumber.get(number - 1)!.hash)
  const reorg = await opened[1]!.engine.reorgInjectedBlocks(137, 3)
  expect(reorg.dropped.map((block) => block.number)).toEqual([40, 39, 38])
})
