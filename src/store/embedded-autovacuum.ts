import type { PGlite } from '@electric-sql/pglite'
import type { Log } from '../observability/log.js'

/** How often the embedded store looks for tables to vacuum: autovacuum's naptime is 60 s, but the outbox churns faster. */
export const EMBEDDED_VACUUM_EVERY_MS = 10_000

/**
 * The tables autovacuum would take now, by its default thresholds: to vacuum (and analyze), those with dead rows over
 * 50 + 20% of the live ones (autovacuum_vacuum_threshold, _scale_factor); to analyze only, those with rows changed
 * since the last analyze over 50 + 10% (autovacuum_analyze_threshold, _scale_factor), such as the history, which
 * only grows: its pages are not read again for nothing.
 */
const DUE = `select name, vacuum from (
    select format('%I.%I', schemaname, relname) as name, n_dead_tup > 50 + 0.2 * n_live_tup as vacuum,
      n_mod_since_analyze > 50 + 0.1 * n_live_tup as to_analyze
    from pg_stat_user_tables) as tables
  where vacuum or to_analyze order by name`

/**
 * Vacuums or analyzes the tables autovacuum would take now; returns their names. PGlite runs no autovacuum: without
 * this a deleted row's space was never given back (the outbox grew by about 3 KB with each delivery, with nothing
 * pending: 1,940 pages after 5,000 deliveries) and no table was ever analyzed, so a plan made while a table was small
 * was kept however large it grew.
 */
export async function vacuumWhereDue(db: Pick<PGlite, 'query' | 'exec'>): Promise<string[]> {
  // The counts a backend has not reported yet (it does when idle, at most once a second) are reported first.
  await db.query('select pg_stat_force_next_flush()')
  const { rows } = await db.query<{ name: string; vacuum: boolean }>(DUE)
  const names = (vacuum: boolean) => rows.filter((row) => row.vacuum === vacuum).map((row) => row.name)
  if (names(true).length > 0) await db.exec(`vacuum (analyze) ${names(true).join(', ')}`)
  if (names(false).length > 0) await db.exec(`analyze ${names(false).join(', ')}`)
  return rows.map((row) => row.name)
}

export interface EmbeddedAutovacuum {
  /** Stops looking; resolves once a round under way has ended. */
  stop(): Promise<void>
}

/** Runs vacuumWhereDue every EMBEDDED_VACUUM_EVERY_MS until stopped; a failed round is logged and the next one tries. */
export function startEmbeddedAutovacuum(db: PGlite, log: Log): EmbeddedAutovacuum {
  let stopped = false
  let round = Promise.resolve()
  const vacuum = async () => {
    if (stopped) return
    try {
      await vacuumWhereDue(db)
    } catch (error) {
      if (!stopped && !db.closed) log('vacuuming the embedded store failed; the next round tries again', error)
    }
  }
  // One round after another, never two at once; unref: a store left open does not keep the process alive for this.
  const timer = setInterval(() => (round = round.then(vacuum)), EMBEDDED_VACUUM_EVERY_MS).unref()
  return {
    async stop() {
      stopped = true
      clearInterval(timer)
      await round
    },
  }
}
