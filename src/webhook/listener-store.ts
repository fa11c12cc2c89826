import type { WebhookFilters, WebhookListener } from '../../gen/indexer.gen.js'
import type { Sql } from '../store/sql.js'

export interface ListenerRecord {
  id: string
  projectId: string
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

interface ListenerRow {
  id: string
  project_id: string
  chain_id: number | null
  url: string
  filters: WebhookFilters | string
  secret: string
  active: boolean
  disabled_reason: string | null
  created_at: number
  updated_at: number
  removed_at: number | null
}

const COLUMNS =
  'id, project_id, chain_id, url, filters, secret, active, disabled_reason, created_at, updated_at, removed_at'

export async function insertListener(sql: Sql, listener: ListenerRecord): Promise<void> {
  await sql.query(`INSERT INTO webhook_listeners (${COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`, [
    listener.id,
    listener.projectId,
    listener.chainId ?? null,
    listener.url,
    JSON.stringify(listener.filters),
    listener.secret,
    listener.active,
    listener.disabledReason ?? null,
    listener.createdAt,
    listener.updatedAt,
    listener.removedAt ?? null,
  ])
}

export async function findListener(sql: Sql, id: string): Promise<ListenerRecord | undefined> {
  const { rows } = await sql.query<ListenerRow>(`SELECT ${COLUMNS} FROM webhook_listeners WHERE id = $1`, [id])
  return rows[0] && fromRow(rows[0])
}

/** Listeners that can still receive deliveries. */
export async function loadActiveListeners(sql: Sql): Promise<ListenerRecord[]> {
  const { rows } = await sql.query<ListenerRow>(
    `SELECT ${COLUMNS} FROM webhook_listeners WHERE active AND removed_at IS NULL`,
  )
  return rows.map(fromRow)
}

export async function loadActiveListenerIds(sql: Sql): Promise<string[]> {
  const { rows } = await sql.query<{ id: string }>(
    'SELECT id FROM webhook_listeners WHERE active AND removed_at IS NULL',
  )
  return rows.map((row) => row.id)
}

export async function countActiveListeners(sql: Sql, projectId: string): Promise<number> {
  const { rows } = await sql.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM webhook_listeners WHERE project_id = $1 AND active AND removed_at IS NULL',
    [projectId],
  )
  return Number(rows[0]?.n ?? 0)
}

export async function markListenerRemoved(sql: Sql, id: string, at: number): Promise<void> {
  await sql.query('UPDATE webhook_listeners SET active = false, removed_at = $2, updated_at = $2 WHERE id = $1', [
    id,
    at,
  ])
}

export async function disableListener(sql: Sql, id: string, reason: string, at: number): Promise<void> {
  await sql.query('UPDATE webhook_listeners SET active = false, disabled_reason = $2, updated_at = $3 WHERE id = $1', [
    id,
    reason,
    at,
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
    projectId: record.projectId,
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
    projectId: row.project_id,
    chainId: row.chain_id ?? undefined,
    url: row.url,
    filters: typeof row.filters === 'string' ? JSON.parse(row.filters) : row.filters,
    secret: row.secret,
    active: row.active,
    disabledReason: row.disabled_reason ?? undefined,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
    removedAt: row.removed_at === null ? undefined : Number(row.removed_at),
  }
}
