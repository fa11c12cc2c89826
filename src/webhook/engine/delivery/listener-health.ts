import type { Sql } from '../../../store/sql.js'
import type { FinishedAttempt } from './attempts.js'

/** The same verdict on a listener is written at most this often by one engine. */
const REWRITE_AFTER_MS = 1_000

/**
 * Keeps webhook_listeners.failing_since (a listener is disabled once it has failed for a period): written after
 * each batch of attempts, but a listener's verdict only when it changed or was last written a second ago, so a
 * busy listener costs no statement per batch.
 */
export class ListenerHealth {
  private readonly written = new Map<string, { healthy: boolean; at: number }>()

  async record(sql: Sql, finished: readonly FinishedAttempt[], now: number): Promise<void> {
    const judged = finished.filter(({ attempt, receiverHealthy }) => {
      if (receiverHealthy === undefined) return false
      const last = this.written.get(attempt.listenerId)
      return !last || last.healthy !== receiverHealthy || now - last.at >= REWRITE_AFTER_MS
    })
    // A verdict older than REWRITE_AFTER_MS is written again whatever it was: it says nothing, and goes, so the map
    // holds only the listeners judged in the last second, never every listener seen.
    for (const [listenerId, last] of this.written)
      if (now - last.at >= REWRITE_AFTER_MS) this.written.delete(listenerId)
    if (judged.length === 0) return
    await writeListenerHealth(sql, judged)
    for (const { attempt, receiverHealthy } of judged)
      this.written.set(attempt.listenerId, { healthy: receiverHealthy!, at: now })
  }

  /** Listeners whose last verdict is remembered. */
  get size(): number {
    return this.written.size
  }
}

/**
 * A listener's failing_since starts at its first failed attempt and ends at a delivery. Only listeners whose
 * value changes are written (rarely: at the start and the end of an outage), locked in id order as the
 * enqueueing transaction locks them, so the two never deadlock.
 */
async function writeListenerHealth(sql: Sql, judged: readonly FinishedAttempt[]): Promise<void> {
  if (judged.length === 0) return
  await sql.query(
    `with health as (
       select listener_id, bool_or(healthy) as delivered, min(at) filter (where not healthy) as first_failure
       from unnest($1::text[], $2::boolean[], $3::timestamptz[]) as t (listener_id, healthy, at) group by listener_id
     ), changing as (
       select l.id, case when h.delivered then null else coalesce(l.failing_since, h.first_failure) end as failing_since
       from webhook_listeners l join health h on h.listener_id = l.id
       where (case when h.delivered then null else coalesce(l.failing_since, h.first_failure) end) is distinct from l.failing_since
       order by l.id for update of l
     )
     update webhook_listeners l set failing_since = c.failing_since from changing c where l.id = c.id`,
    [
      judged.map((entry) => entry.attempt.listenerId),
      judged.map((entry) => entry.receiverHealthy),
      judged.map((entry) => new Date(entry.attempt.at)),
    ],
  )
}
