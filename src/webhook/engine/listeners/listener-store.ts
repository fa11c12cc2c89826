import type { WebhookFilters, WebhookListener } from '../../../../gen/indexer.gen.js'
import { parseProjectId, projectIdOnIndexerWire, type ProjectId } from '../../../values/project-id.js'
import type { Sql } from '../../../store/sql.js'
import { listenerIsActive } from './listener-active.js'

export interface ListenerRecord {
  id: string
  projectId: ProjectId
  chainId: number | undefined
  url: string
  filters: WebhookFilters
  secret: string
  active: boolean
  disabledReason: string | undefined
  createdAt: number
  updatedAt: number
  removedAt: number | undefined
}

/** A row as both drivers read it: bigint as text (pg) or number (PGlite), timestamptz as Date. */
interface ListenerRow {
  id: string
  project_id: string | number
  chain_id: string | number | null
  url: string
  filters: WebhookFilters | string
  secret: string
  active: boolean
  disabled_reason: string | null
  created_at: Date
  updated_at: Date
  removed_at: Date | null
}

const COLUMNS =
  'id, project_id, chain_id, url, filters, secret, active, disabled_reason, created_at, updated_at, removed_at'

export async function insertListener(sql: Sql, listener: ListenerRecord): Promise<void> {
  await sql.query(`insert into webhook_listeners (${COLUMNS}) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`, [
    listener.id,
    listener.projectId,
    listener.chainId ?? null,
    listener.url,
    JSON.stringify(listener.filters),
    listener.secret,
    listener.active,
    listener.disabledReason ?? null,
    new Date(listener.createdAt),
    new Date(listener.updatedAt),
    listener.removedAt === undefined ? null : new Date(listener.removedAt),
  ])
}

export async function findListener(sql: Sql, id: string): Promise<ListenerRecord | undefined> {
  const { rows } = await sql.query<ListenerRow>(`select ${COLUMNS} from webhook_listeners where id = $1`, [id])
  return rows[0] && fromRow(rows[0])
}

/** What this engine keeps of an active listener: what matching needs (a delivery reads the rest when it is sent). */
export type MirroredListener = Pick<ListenerRecord, 'id' | 'chainId' | 'filters'>

/** Rows per read of the active listeners: the driver holds one page of rows at a time, not the whole table. */
const ACTIVE_LISTENERS_PAGE = 10_000

/** Listeners that can still receive deliveries, a page at a time in id order. */
export async function* activeListenerPages(sql: Sql): AsyncGenerator<MirroredListener[]> {
  let after = ''
  for (;;) {
    const { rows } = await sql.query<Pick<ListenerRow, 'id' | 'chain_id' | 'filters'>>(
      `select id, chain_id, filters from webhook_listeners
       where ${listenerIsActive()} and id > $1 order by id limit ${ACTIVE_LISTENERS_PAGE}`,
      [after],
    )
    if (rows.length === 0) return
    yield rows.map((row) => ({ id: row.id, chainId: chainIdOf(row), filters: filtersOf(row) }))
    if (rows.length < ACTIVE_LISTENERS_PAGE) return
    after = rows[rows.length - 1]!.id
  }
}

export async function loadActiveListenerIds(sql: Sql): Promise<string[]> {
  const { rows } = await sql.query<{ id: string }>(`select id from webhook_listeners where ${listenerIsActive()}`)
  return rows.map((row) => row.id)
}

export async function countActiveListeners(sql: Sql, projectId: ProjectId): Promise<number> {
  const { rows } = await sql.query<{ n: number }>(
    `select count(*)::int as n from webhook_listeners where project_id = $1 and ${listenerIsActive()}`,
    [projectId],
  )
  return Number(rows[0]?.n ?? 0)
}

export async function markListenerRemoved(sql: Sql, id: string, at: number): Promise<void> {
  await sql.query('update webhook_listeners set active = false, removed_at = $2, updated_at = $2 where id = $1', [
    id,
    new Date(at),
  ])
}

export async function disableListener(sql: Sql, id: string, reason: string, at: number): Promise<void> {
  await sql.query('update webhook_listeners set active = false, disabled_reason = $2, updated_at = $3 where id = $1', [
    id,
    reason,
    new Date(at),
  ])
}

/** The listener as the API shows it; the secret only when asked (AddWebhookListener shows it once). */
export function toWebhookListener(
  record: ListenerRecord,
  events: WebhookListener['events'],
  withSecret: boolean,
): WebhookListener {
  const listener: WebhookListener = {
    id: record.id,
    projectId: projectIdOnIndexerWire(record.projectId),
    url: record.url,
    filters: record.filters,
    events,
    active: record.active,
    createdAt: new Date(record.createdAt).toISOString(),
    updatedAt: new Date(record.updatedAt).toISOString(),
  }
  if (withSecret) listener.secret = record.secret
  return listener
}

function fromRow(row: ListenerRow): ListenerRecord {
  return {
    id: row.id,
    projectId: parseProjectId(row.project_id, 'webhook_listeners.project_id'),
    chainId: chainIdOf(row),
    url: row.url,
    filters: filtersOf(row),
    secret: row.secret,
    active: row.active,
    disabledReason: row.disabled_reason ?? undefined,
    createdAt: row.created_at.getTime(),
    updatedAt: row.updated_at.getTime(),
    removedAt: row.removed_at?.getTime(),
  }
}

const chainIdOf = (row: Pick<ListenerRow, 'chain_id'>) => (row.chain_id === null ? undefined : Number(row.chain_id))

const filtersOf = (row: Pick<ListenerRow, 'filters'>): WebhookFilters =>
  typeof row.filters === 'string' ? JSON.parse(row.filters) : row.filters
