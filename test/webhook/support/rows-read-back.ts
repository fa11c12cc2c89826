import { HISTORY_COLUMNS } from '../../../src/webhook/engine/store/delivery-history.js'
import { bodyFromStored } from '../../../src/webhook/engine/store/stored-body.js'

type Rows = Record<string, unknown>[]

/**
 * Where an earlier layout's rows of `table` are read back now, and what of them: its outbox rows from
 * webhook_deliveries (the outbox and the history), with the columns a delivery keeps once finished.
 */
export function rowsReadBack(table: string, rows: Rows): { from: string; rows: Rows } {
  if (table !== 'webhook_outbox') return { from: table, rows }
  const kept = (row: Record<string, unknown>) =>
    Object.fromEntries(HISTORY_COLUMNS.filter((column) => column in row).map((column) => [column, row[column]]))
  return { from: 'webhook_deliveries', rows: rows.map(kept) }
}

/** A column's value as read back, compared with what an earlier layout wrote: a body as the text its bytes hold. */
export const valueReadBack = (column: string, value: unknown): unknown =>
  column === 'body' && value instanceof Uint8Array ? bodyFromStored(value) : value
