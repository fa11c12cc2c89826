import type { Sql } from '../store/sql.js'

/**
 * Engines sharing a database, each known by the PostgreSQL backend of its notification subscription:
 * that backend lives exactly as long as the engine's process does, so pg_stat_activity tells a live
 * engine from one that crashed (whose attempts died with it).
 */
export async function registerEngine(sql: Sql, engineId: string, backendPid: number | undefined, now: number) {
  await sql.query(
    `DELETE FROM webhook_engines WHERE backend_pid IS NULL OR backend_pid NOT IN (SELECT pid FROM pg_stat_activity WHERE pid IS NOT NULL)`,
  )
  await sql.query(
    `INSERT INTO webhook_engines (id, backend_pid, started_at) VALUES ($1, $2, $3)
     ON CONFLICT (id) DO UPDATE SET backend_pid = EXCLUDED.backend_pid`,
    [engineId, backendPid ?? null, now],
  )
}

export async function unregisterEngine(sql: Sql, engineId: string): Promise<void> {
  await sql.query('DELETE FROM webhook_engines WHERE id = $1', [engineId])
}

const POLL_MS = 10

/**
 * Resolves once no live engine has an attempt in flight to the listener (this engine counts as live),
 * or after maxMs, the longest an attempt's lease lasts. Removal waits here, so once it is acknowledged
 * nothing more reaches the listener's URL from any engine.
 */
export async function waitForAttemptsInFlight(
  sql: Sql,
  listenerId: string,
  engineId: string,
  now: () => number,
  maxMs: number,
): Promise<void> {
  const deadline = now() + maxMs
  while (now() < deadline) {
    const { rows } = await sql.query(
      `SELECT 1 FROM webhook_outbox o
       WHERE o.listener_id = $1 AND o.in_flight_until > $2
         AND (o.claimed_by = $3 OR EXISTS (
           SELECT 1 FROM webhook_engines e JOIN pg_stat_activity a ON a.pid = e.backend_pid WHERE e.id = o.claimed_by))
       LIMIT 1`,
      [listenerId, now(), engineId],
    )
    if (rows.length === 0) return
    await new Promise((resolve) => setTimeout(resolve, POLL_MS))
  }
}
