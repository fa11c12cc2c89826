import type { Sql } from '../store/sql.js'

/**
 * The durable delivery queue. A row is written in the same transaction as the log that produced
 * it, and leaves 'pending' only after a receiver answered 2xx (delivered), the listener is gone
 * (cancelled), retries ran out or the receiver said 410 (failed), or its block was dropped by a
 * reorg before it was delivered (reorged).
 */
export type OutboxState = 'pending' | 'delivered' | 'failed' | 'cancelled' | 'reorged'

export interface NewDelivery {
  uid: string
  listenerId: string
  chainId: number
  blockNumber: number
  blockHash: string
  body: string
  /** 'failed' for a payload that did not pass its JSON Schema: recorded, never sent. */
  state: 'pending' | 'failed'
  lastError?: string
}

export interface ClaimedDelivery {
  uid: string
  listenerId: string
  body: string
  attempt: number
  /** The listener's target as the database has it at claim time. */
  url: string
  secret: string
}

/**
 * Queues deliveries of listeners that are active, and returns those queued. The listeners' rows are
 * share-locked until the caller's transaction ends, so a removal committing meanwhile either waits for it
 * (and then cancels what it queued) or is seen here (and nothing is queued for it): no row is left
 * pending for a listener that is gone. A log re-mined after a reorg keeps its uid: it is sent again
 * only if the dropped copy never was.
 */
export async function enqueueDeliveries(sql: Sql, deliveries: NewDelivery[], now: number): Promise<NewDelivery[]> {
  if (deliveries.length === 0) return []
  const listenerIds = [...new Set(deliveries.map((d) => d.listenerId))].sort()
  const { rows } = await sql.query<{ id: string }>(
    `SELECT id FROM webhook_listeners WHERE id = ANY($1) AND active AND removed_at IS NULL ORDER BY id FOR SHARE`,
    [listenerIds],
  )
  const active = new Set(rows.map((row) => row.id))
  const queued = deliveries.filter((d) => active.has(d.listenerId))
  if (queued.length === 0) return []
  const column = <T>(pick: (d: NewDelivery) => T) => queued.map(pick)
  await sql.query(
    `INSERT INTO webhook_outbox (uid, listener_id, chain_id, block_number, block_hash, body, state, next_attempt_at, last_error, created_at, finished_at)
     SELECT uid, listener_id, chain_id, block_number, block_hash, body, state, $8, last_error, $8,
            CASE WHEN state = 'failed' THEN $8::double precision END
     FROM unnest($1::text[], $2::text[], $3::int[], $4::double precision[], $5::text[], $6::text[], $7::text[], $9::text[])
       AS t (uid, listener_id, chain_id, block_number, block_hash, body, state, last_error)
     ON CONFLICT (uid) DO UPDATE SET block_number = EXCLUDED.block_number, block_hash = EXCLUDED.block_hash,
       body = EXCLUDED.body, state = EXCLUDED.state, next_attempt_at = EXCLUDED.next_attempt_at, last_error = EXCLUDED.last_error
     WHERE webhook_outbox.state = 'reorged'`,
    [
      column((d) => d.uid),
      column((d) => d.listenerId),
      column((d) => d.chainId),
      column((d) => d.blockNumber),
      column((d) => d.blockHash),
      column((d) => d.body),
      column((d) => d.state),
      now,
      column((d) => d.lastError ?? null),
    ],
  )
  return queued
}

export interface ClaimLimits {
  /** Rows to take in all. */
  limit: number
  /** Requests in flight per listener at most, so one slow receiver cannot hold every delivery slot. */
  perListener: number
  /** Requests in flight now, by listener id. */
  inFlight: Map<string, number>
}

/** Due rows looked at per row taken, so the per-listener cap can skip a busy listener's rows. */
const CANDIDATES_PER_SLOT = 4

/**
 * Takes due rows of active listeners and leases them to this engine: their next attempt moves to
 * now + leaseMs, so a process that dies mid-send leaves them to be retried after the lease
 * (at-least-once). SKIP LOCKED lets engines on one database take disjoint rows without waiting on
 * each other, and the listener's state is read here, in the same statement, so no engine sends for
 * a listener that is no longer active, whatever its own memory says.
 */
export async function claimDueDeliveries(
  sql: Sql,
  engineId: string,
  now: number,
  leaseMs: number,
  limits: ClaimLimits,
): Promise<ClaimedDelivery[]> {
  const { rows } = await sql.query<{
    uid: string
    listener_id: string
    body: string
    attempts: number
    url: string
    secret: string
  }>(
    `WITH candidates AS (
       SELECT o.uid, o.listener_id, o.next_attempt_at FROM webhook_outbox o
       WHERE o.state = 'pending' AND o.next_attempt_at <= $1
       ORDER BY o.next_attempt_at LIMIT $7
       FOR UPDATE SKIP LOCKED
     ), chosen AS (
       SELECT uid FROM (
         SELECT c.uid, c.next_attempt_at,
                row_number() OVER (PARTITION BY c.listener_id ORDER BY c.next_attempt_at) + COALESCE(f.in_flight, 0) AS position
         FROM candidates c LEFT JOIN unnest($5::text[], $6::int[]) AS f (listener_id, in_flight) ON f.listener_id = c.listener_id
         WHERE EXISTS (SELECT 1 FROM webhook_listeners l WHERE l.id = c.listener_id AND l.active AND l.removed_at IS NULL)
       ) ranked WHERE position <= $4 ORDER BY next_attempt_at LIMIT $3
     )
     UPDATE webhook_outbox o SET next_attempt_at = $2, attempts = o.attempts + 1, claimed_by = $8, in_flight_until = $2
     FROM chosen, webhook_listeners l
     WHERE o.uid = chosen.uid AND l.id = o.listener_id
     RETURNING o.uid, o.listener_id, o.body, o.attempts, l.url, l.secret`,
    [
      now,
      now + leaseMs,
      limits.limit,
      limits.perListener,
      [...limits.inFlight.keys()],
      [...limits.inFlight.values()],
      limits.limit * CANDIDATES_PER_SLOT,
      engineId,
    ],
  )
  return rows.map((row) => ({
    uid: row.uid,
    listenerId: row.listener_id,
    body: row.body,
    attempt: Number(row.attempts),
    url: row.url,
    secret: row.secret,
  }))
}

export async function nextDueTime(sql: Sql): Promise<number | undefined> {
  const { rows } = await sql.query<{ at: number | null }>(
    `SELECT min(next_attempt_at) AS at FROM webhook_outbox WHERE state = 'pending'`,
  )
  const at = rows[0]?.at
  return at === null || at === undefined ? undefined : Number(at)
}

export async function cancelListenerDeliveries(
  sql: Sql,
  listenerId: string,
  reason: string,
  now: number,
): Promise<void> {
  await sql.query(
    `UPDATE webhook_outbox SET state = 'cancelled', last_error = $2, finished_at = $3 WHERE listener_id = $1 AND state = 'pending'`,
    [listenerId, reason, now],
  )
}

export async function markBlocksReorged(sql: Sql, chainId: number, blockHashes: string[], now: number): Promise<void> {
  if (blockHashes.length === 0) return
  await sql.query(
    `UPDATE webhook_outbox SET state = 'reorged', last_error = 'block dropped by a reorg', finished_at = $3
     WHERE chain_id = $1 AND block_hash = ANY($2) AND state = 'pending'`,
    [chainId, blockHashes, now],
  )
}
