import type { Sql } from '../../../store/sql.js'

/** One numbered change of a store's tables; steps run in order of version, each once. */
export interface MigrationStep {
  version: number
  /** What the step changes, recorded beside its version. */
  name: string
  up(sql: Sql): Promise<void>
}

/**
 * Applies the steps the database has not recorded in `table`, in order, in one transaction under the database's
 * setup lock (Sql.oneAtATime), and records each: processes starting at once on one database apply each step
 * once, the later ones finding them recorded. A database recording a step this code does not know was migrated
 * by a newer version, and is refused rather than written in a layout this code does not know. Returns the
 * versions applied now.
 */
export async function applyMigrations(sql: Sql, table: string, steps: readonly MigrationStep[]): Promise<number[]> {
  steps.forEach((step, i) => {
    if (step.version !== i + 1) throw new Error(`migration steps must be numbered 1, 2, …: ${step.version} at ${i + 1}`)
  })
  const migrate = () =>
    sql.transaction(async (tx) => {
      await tx.query(
        `create table if not exists ${table} (version integer primary key, name text not null, applied_at timestamptz not null)`,
      )
      const { rows } = await tx.query<{ version: number }>(`select version from ${table} order by version`)
      const recorded = new Set(rows.map((row) => Number(row.version)))
      const newest = Math.max(0, ...recorded)
      if (newest > steps.length) {
        throw new Error(
          `the store was migrated by a newer version (step ${newest} of ${table}); this version knows ${steps.length} steps`,
        )
      }
      const applied: number[] = []
      for (const step of steps) {
        if (recorded.has(step.version)) continue
        await step.up(tx)
        await tx.query(`insert into ${table} (version, name, applied_at) values ($1, $2, now())`, [
          step.version,
          step.name,
        ])
        applied.push(step.version)
      }
      return applied
    })
  return sql.oneAtATime ? sql.oneAtATime(migrate) : migrate()
}
