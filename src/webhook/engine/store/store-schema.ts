import type { Sql } from '../../../store/sql.js'
import { createDayPartitions, daysFrom, HISTORY_TABLES, oneEngineAtATime } from './history-partitions.js'
import { LAYOUT_STEP, layoutStatements } from './layout.js'
import { applyMigrations, stepChecksum, type MigrationStep } from './migrations.js'
import * as tables from './steps/0001-tables.js'
import * as historyByDay from './steps/0002-history-by-day.js'
import * as outboxApartFromHistory from './steps/0003-outbox-apart-from-history.js'
import * as listenerIndexForEquality from './steps/0004-listener-index-for-equality.js'
import * as readyListeners from './steps/0005-ready-listeners.js'
import * as compressedBodies from './steps/0006-compressed-bodies.js'

/** The engine's tables change through these steps, each recorded in webhook_migrations and applied once. */
export const webhookMigrationSteps: readonly MigrationStep[] = [
  tables,
  historyByDay,
  outboxApartFromHistory,
  listenerIndexForEquality,
  readyListeners,
  compressedBodies,
].map((step, i) => ({ version: i + 1, name: step.name, statements: step.statements }))

/**
 * Creates the tables (store/layout.ts), or brings a store written by an earlier version to that layout, under the
 * database's setup lock: engines starting at once on one PostgreSQL database migrate it once. Returns the steps
 * applied. What it makes depends on no date.
 */
export const applyWebhookLayout = (sql: Sql): Promise<number[]> =>
  applyMigrations(
    sql,
    'webhook_migrations',
    webhookMigrationSteps,
    { step: LAYOUT_STEP, statements: layoutStatements },
    'webhook_outbox',
  )

/** Names what applyWebhookLayout makes: it changes with the layout and with any step. */
export const webhookLayoutChecksum = stepChecksum({
  statements: [...layoutStatements, ...webhookMigrationSteps.flatMap((step) => [step.name, stepChecksum(step)])],
}).slice(0, 16)

/**
 * Brings the tables to the layout (applyWebhookLayout), then makes the history's tables of today and the coming
 * days. Returns the steps applied. An embedded store's template holds what it made on the day the template was made
 * (SqlOptions.templateSetup): a store opened from it on that day makes nothing, one opened later the days missing.
 */
export async function prepareWebhookTables(sql: Sql): Promise<number[]> {
  const applied = await applyWebhookLayout(sql)
  // Today's and the coming days' history tables, before the first row needs one (the upkeep keeps them made).
  const { rows } = await sql.query<{ now: Date }>('select now() as now')
  await oneEngineAtATime(sql, async () => {
    for (const [table, time] of Object.entries(HISTORY_TABLES))
      await createDayPartitions(sql, table, time, daysFrom(rows[0]!.now.getTime()))
  })
  return applied
}
