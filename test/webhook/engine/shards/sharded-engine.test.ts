import { afterAll, beforeAll, expect, it } from 'vitest'
import { TimeoutError } from '../../../../gen/errors.gen.js'
import { openSql, type Sql } from '../../../../src/store/sql.js'
import type { WebhookEngine } from '../../../../src/webhook/engine/engine-api.js'
import { createShardedWebhookEngine } from '../../../../src/webhook/engine/shards/sharded-engine.js'
import { dumpedStore } from '../../../support/store-dump.js'
import { streamFilters, streamMint } from '../../support/logs.js'
import { waitUntil } from '../../support/receiver-server.js'

// The router over two embedded stores whose health this test decides: the default one (polygon) and amoy's.

const POLYGON = 137
const AMOY = 80002
const URL = 'http://127.0.0.1:9/hooks'
let nextTokenId = 1n
const mint = () => {
  const { address, topics, data } = streamMint(nextTokenId++)
  return { address, topics, data }
}

/** A store whose probe answers while `up`, and whose queries wait while `held` is a pending promise. */
function controlled(sql: Sql) {
  const state = { up: true, held: Promise.resolve() }
  const store: Sql = {
    ...sql,
    query: async (text, params) => {
      await state.held
      return sql.query(text, params)
    },
    probe: async () => {
      if (!state.up) throw new Error('down')
    },
  }
  return { store, state }
}

const stores: Sql[] = []
let engine: WebhookEngine
let polygonDb: ReturnType<typeof controlled>
let amoyDb: ReturnType<typeof controlled>

beforeAll(async () => {
  for (let i = 0; i < 2; i++) stores.push(await openSql({ dataDirDump: dumpedStore() }))
  polygonDb = controlled(stores[0]!)
  amoyDb = controlled(stores[1]!)
  engine = await createShardedWebhookEngine({
    sql: polygonDb.store,
    databases: [{ chainIds: [AMOY], sql: amoyDb.store }],
    allowPrivateTargets: true,
    healthCheckMs: 10,
    log: () => undefined,
  })
  await engine.start()
})
afterAll(async () => {
  await engine?.stop()
  for (const sql of stores) await sql.close()
})

const add = (chainId: number) => engine.addListener(1, { url: URL, filters: streamFilters() }, { chainId })
const listenerIds = async (sql: Sql) =>
  (await sql.query<{ id: string }>('select id from webhook_listeners')).rows.map((row) => row.id)

it("sends each call to its chain's database, and a listener is found through its chain only", async () => {
  const onAmoy = await add(AMOY)
  const onPolygon = await add(POLYGON)
  expect(await listenerIds(stores[1]!)).toContain(onAmoy.id)
  expect(await listenerIds(stores[1]!)).not.toContain(onPolygon.id)
  expect(await listenerIds(stores[0]!)).toContain(onPolygon.id)
  expect(await listenerIds(stores[0]!)).not.toContain(onAmoy.id)
  expect((await engine.getListener(1, onAmoy.id, { chainId: AMOY })).id).toBe(onAmoy.id)
  await expect(engine.getListener(1, onAmoy.id, { chainId: POLYGON })).rejects.toMatchObject({ error: 'NotFound' })
  expect(engine.activeListeners).toBe(2)
})

it('fails calls for a database that is down at once with Timeout, and serves the others', async () => {
  const onAmoy = await add(AMOY)
  const onPolygon = await add(POLYGON)
  // A call under way when the database goes down fails then, not when its query would end.
  let release = () => undefined as void
  amoyDb.state.held = new Promise((resolve) => (release = resolve))
  const underWay = engine.getListener(1, onAmoy.id, { chainId: AMOY })
  amoyDb.state.up = false
  await expect(underWay).rejects.toBeInstanceOf(TimeoutError)
  release()

  const failed = await engine.injectBlock(AMOY, [mint()]).catch((error: unknown) => error)
  expect(failed).toBeInstanceOf(TimeoutError)
  expect((failed as TimeoutError).cause).toBe(
    'the webhook database of chains 80002 is not answering; send the call again once it is back',
  )
  expect((await engine.getListener(1, onPolygon.id, { chainId: POLYGON })).id).toBe(onPolygon.id)
  expect((await engine.injectBlock(POLYGON, [mint()])).uids).toHaveLength(2)

  amoyDb.state.up = true
  await waitUntil(
    () =>
      engine.getListener(1, onAmoy.id, { chainId: AMOY }).then(
        () => true,
        () => false,
      ),
    'amoy answers again',
  )
})

it('refuses a chain given two databases', async () => {
  await expect(
    createShardedWebhookEngine({
      sql: polygonDb.store,
      databases: [
        { chainIds: [AMOY], sql: amoyDb.store },
        { chainIds: [AMOY], sql: amoyDb.store },
      ],
      allowPrivateTargets: true,
    }),
  ).rejects.toThrow('chain 80002 is given two webhook databases')
})
