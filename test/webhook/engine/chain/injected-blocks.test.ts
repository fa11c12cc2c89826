import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openSql, type Sql } from '../../../../src/store/sql.js'
import { createWebhookEngine, type WebhookEngine } from '../../../../src/webhook/index.js'
import { InvalidArgumentError } from '../../../../gen/errors.gen.js'
import { dumpedStore } from '../../../support/store-dump.js'
import { transferSingleLog } from '../../support/logs.js'

const ZERO = `0x${'0'.repeat(40)}`
const BOB = '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc'
/** Chain ids of this file's own, so blocks of other tests never mix in. */
let nextChainId = 900_001

let sql: Sql
let engine: WebhookEngine
beforeAll(async () => {
  sql = await openSql({ dataDirDump: dumpedStore() })
  engine = await createWebhookEngine({ sql, allowPrivateTargets: true, idlePollMs: 20 })
  await engine.start()
})
afterAll(async () => {
  await engine?.stop()
  await sql?.close()
})

const mint = () => {
  const { address, topics, data } = transferSingleLog(`0x${randomBytes(20).toString('hex')}`, BOB, ZERO, BOB, 1n, 1n)
  return { address, topics, data }
}

describe('WebhookEngine.injectBlock and reorgInjectedBlocks', () => {
  it('links blocks made at once into one chain, each number once', async () => {
    const chainId = nextChainId++
    const blocks = await Promise.all(Array.from({ length: 20 }, () => engine.injectBlock(chainId, [mint()])))
    const byNumber = new Map(blocks.map((block) => [block.number, block]))
    expect([...byNumber.keys()].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1))
    for (let number = 2; number <= 20; number++)
      expect(byNumber.get(number)!.parentHash).toBe(byNumber.get(number - 1)!.hash)
  })

  it('gives each log a transaction of its own, in order', async () => {
    const block = await engine.injectBlock(nextChainId++, [mint(), mint(), mint()])
    expect(new Set(block.transactionHashes).size).toBe(3)
  })

  it('refuses a chain an engine follows over JSON-RPC while its lease lasts', async () => {
    const chainId = nextChainId++
    await sql.query(
      `insert into webhook_chain_leases (chain_id, engine_id, lease_until) values ($1, 'follower', now() + interval '1 minute')`,
      [chainId],
    )
    const followed = { cause: expect.stringMatching(/followed over JSON-RPC \(engine follower\)/) }
    await expect(engine.injectBlock(chainId, [mint()])).rejects.toMatchObject(followed)
    await expect(engine.reorgInjectedBlocks(chainId, 1)).rejects.toMatchObject(followed)
    await sql.query(`update webhook_chain_leases set lease_until = now() - interval '1 second' where chain_id = $1`, [
      chainId,
    ])
    await expect(engine.injectBlock(chainId, [mint()])).resolves.toMatchObject({ number: 1 })
  })

  it.each([
    ['no logs', 1, []],
    ['a chain id that is not a positive integer', 0, [mint()]],
    ['a log without topics', 1, [{ ...mint(), topics: [] }]],
    ['1,001 logs', 1, Array.from({ length: 1001 }, mint)],
  ])('refuses %s as an invalid argument', async (_, chainId, logs) => {
    await expect(engine.injectBlock(chainId, logs)).rejects.toBeInstanceOf(InvalidArgumentError)
  })

  it('refuses a reorg deeper than the chain', async () => {
    const chainId = nextChainId++
    await engine.injectBlock(chainId, [mint()])
    await expect(engine.reorgInjectedBlocks(chainId, 2)).rejects.toMatchObject({
      cause: expect.stringMatching(/has 1 blocks, fewer than 2/),
    })
  })
})
