import { afterAll, beforeAll, expect, test } from 'vitest'
import { dumpedStore } from '../../../support/store-dump.js'
import { openSql, type Sql } from '../../../../src/store/sql.js'
import { createWebhookEngine } from '../../../../src/webhook/index.js'

const CONTRACT = '0x5fbdb2315678afecb367f032d93f642f64180aa3'
const TRANSFER = 'Transfer(address indexed from, address indexed to, uint256 indexed tokenId)'
/** More than one page of the mirror's read (10,000 rows), every seventh copy inactive or removed. */
const COPIES = 12_000

let sql: Sql

beforeAll(async () => {
  sql = await openSql({ dataDirDump: dumpedStore() })
})
afterAll(async () => {
  await sql?.close()
})

test('a new engine loads every active listener, over several pages, and none other', async () => {
  const first = await createWebhookEngine({ sql, allowPrivateTargets: true })
  const template = await first.addListener(
    1,
    { url: 'http://127.0.0.1:9/hook', filters: { contractAddresses: [CONTRACT], events: [TRANSFER] } },
    { chainId: 1 },
  )
  await first.stop()
  await sql.query(
    `insert into webhook_listeners
       (id, project_id, chain_id, url, filters, secret, active, disabled_reason, created_at, updated_at, removed_at)
     select 'copy-' || lpad(n::text, 6, '0'), project_id, chain_id, url, filters, secret,
            n % 7 <> 0 or n % 14 = 0, disabled_reason, created_at, updated_at,
            case when n % 14 = 0 then updated_at end
     from webhook_listeners, generate_series(1, ${COPIES}) as n
     where id = $1`,
    [template.id],
  )
  const inactive = Math.floor(COPIES / 7)

  const engine = await createWebhookEngine({ sql, allowPrivateTargets: true })
  try {
    expect(engine.activeListeners).toBe(1 + COPIES - inactive)
  } finally {
    await engine.stop()
  }
})
