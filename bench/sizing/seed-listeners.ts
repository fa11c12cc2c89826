import { isDeepStrictEqual } from 'node:util'
import { randomUUID } from 'node:crypto'
import { openSql } from '../../src/store/sql.js'
import { createWebhookEngine } from '../../src/webhook/index.js'
import type { ListenerWorkload } from './listener-workload.js'

/** Listeners one project may have, as the engine's default allows. */
const PER_PROJECT = 1_000
const BATCH = 10_000
/** Added through the engine (its checks, its row); the rest are copies of its row with their own id, project and filters. */
const THROUGH_ENGINE = 100

/**
 * Stores the workload's listeners on `chainId` in the database at `url`. The first ones go through
 * addListener, which also shows that the workload's filters are already in the form the engine stores; the
 * others are bulk copies of the first one's row (jsonb_populate_record over it, so every column the engine
 * keeps is filled as the engine fills it) with their own id, project and filters.
 */
export async function seedListeners(url: string, workload: ListenerWorkload, chainId: number, target: string) {
  const sql = await openSql({ databaseUrl: url })
  const engine = await createWebhookEngine({ sql, allowPrivateTargets: true })
  const first = Math.min(THROUGH_ENGINE, workload.listeners)
  let templateId = ''
  for (let i = 0; i < first; i++) {
    const filters = workload.filters(i)
    const added = await engine.addListener(projectOf(i), { url: target, filters }, { chainId })
    if (!isDeepStrictEqual(added.filters, filters))
      throw new Error(`the engine stored listener ${i}'s filters otherwise: ${JSON.stringify(added.filters)}`)
    templateId ||= added.id
  }
  await engine.stop()
  for (let start = first; start < workload.listeners; start += BATCH) {
    const indexes = Array.from({ length: Math.min(BATCH, workload.listeners - start) }, (_, n) => start + n)
    await sql.query(
      `insert into webhook_listeners
       select (jsonb_populate_record(t, jsonb_build_object('id', u.id, 'project_id', u.project_id, 'filters', u.filters))).*
       from webhook_listeners t, unnest($2::text[], $3::bigint[], $4::jsonb[]) as u (id, project_id, filters)
       where t.id = $1`,
      [
        templateId,
        indexes.map(() => randomUUID()),
        indexes.map(projectOf),
        indexes.map((i) => JSON.stringify(workload.filters(i))),
      ],
    )
  }
  await sql.query('vacuum analyze webhook_listeners')
  await sql.close()
}

const projectOf = (i: number) => 1 + Math.floor(i / PER_PROJECT)
