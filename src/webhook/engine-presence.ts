import type { Sql } from '../store/sql.js'

/**
 * Engines sharing a database, each known by the PostgreSQL backend of its notification subscription:
 * that backend lives exactly as long as the engine's process does, so pg_stat_activity tells a live
 * engine from one that crashed (whose attempts died with it).
 */
export async function registerEngine(sql: Sql, engineId: string, backendPid: number | undefined, now: number) {
  await sql.query(
    `delete from webhook_engines where backend_pid is null or backend_pid not in (select pid from pg_stat_activity where pid is not null)`,
  )
  await sql.query(
    `insert into webhook_engines (id, backend_pid, started_at) values ($1, $2, $3)
     on conflict (id) do update set backend_pid = excluded.backend_pid`,
    [engineId, backendPid ?? null, new Date(now)],
  )
}

export async function unregisterEngine(sql: Sql, engineId: string): Promise<void> {
  await sql.query('delete from webhook_engines where id = $1', [engineId])
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
      `select 1 from webhook_outbox o
       where o.listener_id = $1 and o.in_flight_until > $2
         and (o.claimed_by = $3 or exists (
           select 1 from webhook_engines e join pg_stat_activity a on a.pid = e.backend_pid where e.id = o.claimed_by))
       limit 1`,
      [listenerId, new Date(now()), engineId],
    )
    if (rows.length === 0) return
    await new Promise((resolve) => setTimeout(resolve, POLL_MS))
  }
}
