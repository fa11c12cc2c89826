import { createHash } from 'node:crypto'
import type { Sql } from '../../../store/sql.js'

/** One numbered change of a store's tables, as literal SQL: released, it never changes (its checksum is recorded). */
export interface MigrationStep {
  version: number
  /** What the step changes, recorded beside its version. */
  name: string
  statements: readonly string[]
}

/** The layout a new database is made from, standing for steps 1 to `step`. */
export interface StoreLayout {
  step: number
  statements: readonly string[]
}

export const stepChecksum = (step: Pick<MigrationStep, 'statements'>) =>
  createHash('sha256').update(step.statements.join(';\n')).digest('hex')

/** A database whose recorded steps are not this code's: written by other code, it is left as it is. */
export class StoreHistoryMismatch extends Error {}

/**
 * Brings the database to `layout` under its setup lock (Sql.oneAtATime), in one transaction: processes starting
 * at once on one database change it once, the later ones finding the steps recorded in `table`. A database holding
 * none of the tables is made from the layout, steps 1 to layout.step recorded as applied; one made earlier takes the
 * steps it has not recorded, in order. Every recorded step must be this code's by name and checksum (a step
 * recorded before checksums were kept gets its checksum now, its name matching): a database migrated by a newer
 * version, or by other code, is refused rather than written in a layout this code does not know. Returns the
 * versions applied now.
 */
export async function applyMigrations(
  sql: Sql,
  table: string,
  steps: readonly MigrationStep[],
  layout: StoreLayout,
  madeBefore: string,
): Promise<number[]> {
  steps.forEach((step, i) => {
    if (step.version !== i + 1) throw new Error(`migration steps must be numbered 1, 2, …: ${step.version} at ${i + 1}`)
  })
  if (layout.step !== steps.length) throw new Error(`the layout stands for step ${layout.step} of ${steps.length}`)
  const migrate = () =>
    sql.transaction(async (tx) => {
      await tx.query(
        `create table if not exists ${table} (version integer primary key, name text not null, applied_at timestamptz not null)`,
      )
      await tx.query(`alter table ${table} add column if not exists checksum text`)
      const { rows } = await tx.query<{ version: number; name: string; checksum: string | null }>(
        `select version, name, checksum from ${table} order by version`,
      )
      for (const row of rows) await checkRecorded(tx, table, steps, row)
      const { rows: existing } = await tx.query<{ made: string | null }>(`select to_regclass($1)::text as made`, [
        madeBefore,
      ])
      const fresh = rows.length === 0 && existing[0]?.made == null
      const record = (step: MigrationStep) =>
        tx.query(`insert into ${table} (version, name, applied_at, checksum) values ($1, $2, now(), $3)`, [
          step.version,
          step.name,
          stepChecksum(step),
        ])
      if (fresh) {
        for (const statement of layout.statements) await tx.query(statement)
        for (const step of steps) await record(step)
        return steps.map((step) => step.version)
      }
      const recorded = new Set(rows.map((row) => Number(row.version)))
      const applied: number[] = []
      for (const step of steps) {
        if (recorded.has(step.version)) continue
        for (const statement of step.statements) await tx.query(statement)
        await record(step)
        applied.push(step.version)
      }
      return applied
    })
  return sql.oneAtATime ? sql.oneAtATime(migrate) : migrate()
}

async function checkRecorded(
  tx: Sql,
  table: string,
  steps: readonly MigrationStep[],
  row: { version: number; name: string; checksum: string | null },
): Promise<void> {
  const version = Number(row.version)
  const step = steps[version - 1]
  if (!step) {
    throw new StoreHistoryMismatch(
      `the store was migrated by a newer version (step ${version} of ${table}); this version knows ${steps.length} steps`,
    )
  }
  if (row.name !== step.name) {
    throw new StoreHistoryMismatch(
      `step ${version} of ${table} is recorded as "${row.name}", not this version's "${step.name}": the store was migrated by other code`,
    )
  }
  const checksum = stepChecksum(step)
  if (row.checksum === null) {
    await tx.query(`update ${table} set checksum = $2 where version = $1`, [version, checksum])
  } else if (row.checksum !== checksum) {
    throw new StoreHistoryMismatch(
      `step ${version} of ${table} ("${step.name}") was recorded with checksum ${row.checksum}, not this version's ${checksum}: the store was migrated by other code`,
    )
  }
}
