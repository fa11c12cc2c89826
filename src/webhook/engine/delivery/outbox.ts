import type { Sql } from '../../../store/sql.js'
import {
  bringBackFromHistory,
  historyColumnsFrom,
  intoHistory,
  lockedInOrder,
  moveFinishedToHistory,
} from '../store/delivery-history.js'
import { listenerIsActive } from '../listeners/listener-active.js'
import { OUTBOX_CHANNEL } from '../listeners/listener-changes.js'
import { listenersBecomeReady } from './ready-listeners.js'
import { bodyFromStored, storedBody } from '../store/stored-body.js'

/**
 * The durable delivery queue. A row is written in the same transaction as the log that produced
 * it, and leaves 'pending' only after a receiver answered 2xx (delivered), the listener is gone
 * (cancelled), retries ran out or the receiver said 410 (failed), or its block was dropped by a
 * reorg before it was delivered (reorged). Finished, it moves to the history (store/delivery-history.ts).
 *
 * Points in time that one engine writes and another compares (when a row is due, until when an attempt is in
 * flight) are the database's clock, `now()`, never an engine's. Every statement that locks several rows locks
 * them in one order, by uid (lockedInOrder), so two never wait for each other in a cycle (a deadlock): a
 * removal's cancel, an outcome write, a reorg's marking, a requeue. The claim needs none: it skips locked
 * rows, so it never waits.
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
  /** The attempt's number within its retry schedule: the owner's requeue starts the schedule over. */
  scheduledAttempt: number
  /** The listener's target as the database has it at claim time. */
  url: string
  secret: string
}

export interface EnqueueOptions {
  /**
   * Uids whose presence in the outbox means a delivery was built wrong (a log's first BLOCK_ADDED taken back by a
   * BLOCK_REMOVED: its log, mined again, needs a new uid): when any is there, nothing is queued and those found are
   * returned, for the caller to build again.
   */
  unlessPresent?: readonly string[]
}

export interface Enqueued {
  /** The deliveries of listeners that are active: queued now, or already (a log seen again keeps its row). */
  queued: NewDelivery[]
  /** Of `unlessPresent`, those in the outbox; when any is, `queued` is empty. */
  present: string[]
}

/**
 * Queues deliveries of listeners that are active, in one statement, and tells every engine on the database when a
 * row became pending (a notification on OUTBOX_CHANNEL, sent on commit). The listeners' rows are share-locked until
 * the caller's transaction ends, so a removal committing meanwhile either waits for it (and then cancels what it
 * queued) or is seen here (and nothing is queued for it): no row is left pending for a listener that is gone. A log
 * re-mined after a reorg keeps its uid: it is sent again only if the dropped copy never was. A row whose payload
 * failed its JSON Schema goes straight to the history.
 */
export async function enqueueDeliveries(
  sql: Sql,
  deliveries: readonly NewDelivery[],
  options: EnqueueOptions = {},
): Promise<Enqueued> {
  if (deliveries.length === 0) return { queued: [], present: [] }
  const sorted = [...deliveries].sort((a, b) => (a.uid < b.uid ? -1 : 1))
  const column = <T>(pick: (d: NewDelivery) => T) => sorted.map(pick)
  // A re-mined log's row (reorged, in the outbox with its dropped block) is queued again in place; one sent, or
  // queued, keeps its state.
  const { rows } = await sql.query<{ present: string[] | null; queued: string[] | null }>(
    `with input as (
       select * from unnest($1::text[], $2::text[], $3::bigint[], $4::bigint[], $5::text[], $6::bytea[], $7::text[], $8::text[])
         as t (uid, listener_id, chain_id, block_number, block_hash, body, state, last_error)
     ), present as (
       -- One primary-key probe per uid. Written as uid = any($9), its plan, made once and kept (a prepared
       -- statement), read the whole outbox whenever it was made while the outbox was small: on PGlite, which runs
       -- no autovacuum to analyze the table, for good, and a log's cost grew with the outbox.
       select found.uid from unnest($9::text[]) as sought (uid)
       cross join lateral (select o.uid from webhook_outbox o where o.uid = sought.uid limit 1) found
     ), active as (
       select id from webhook_listeners
       where id in (select listener_id from input) and ${listenerIsActive()} and not exists (select 1 from present)
       order by id for share
     ), queued as (
       select i.* from input i join active a on a.id = i.listener_id
     ), existing as (${lockedInOrder('uid in (select uid from queued)')}
     ), requeued as (
       update webhook_outbox o set block_number = i.block_number, block_hash = i.block_hash, body = i.body,
         state = i.state, next_attempt_at = now(), last_error = i.last_error, in_dropped_block = false,
         finished_at = case when i.state = 'failed' then now() end
       from queued i, existing e where o.uid = i.uid and e.uid = o.uid and o.state = 'reorged'
     ), invalid as (
       ${intoHistory(
         `select ${historyColumnsFrom({ attempts: '0', retry_from: '0', last_status: 'null', created_at: 'now()', finished_at: 'now()' })}
          from queued where state = 'failed' and uid not in (select uid from existing)`,
       )}
     ), ready as (${listenersBecomeReady(`select listener_id, now() from queued where state = 'pending'`)}
     ), inserted as (
       insert into webhook_outbox (uid, listener_id, chain_id, block_number, block_hash, body, state, next_attempt_at, created_at)
       select uid, listener_id, chain_id, block_number, block_hash, body, state, now(), now()
       from queued where state = 'pending' and uid not in (select uid from existing)
       on conflict (uid) do nothing
     ), announced as (
       select pg_notify($10, '') from queued where state = 'pending' limit 1
     )
     select (select array_agg(uid) from present) as present, (select array_agg(uid) from queued) as queued
     from (select count(*) from announced) as announcing`,
    [
      column((d) => d.uid),
      column((d) => d.listenerId),
      column((d) => d.chainId),
      column((d) => d.blockNumber),
      column((d) => d.blockHash),
      column((d) => storedBody(d.body)),
      column((d) => d.state),
      column((d) => d.lastError ?? null),
      options.unlessPresent ?? [],
      OUTBOX_CHANNEL,
    ],
  )
  const queued = new Set(rows[0]?.queued ?? [])
  return { queued: sorted.filter((d) => queued.has(d.uid)), present: rows[0]?.present ?? [] }
}

export interface ClaimLimits {
  /** Rows to take in all. */
  limit: number
  /** Requests in flight per listener at most, so one slow receiver cannot hold every delivery slot. */
  perListener: number
  /** Requests in flight now, by listener id. */
  inFlight: Map<string, number>
}

export interface Claim {
  deliveries: ClaimedDelivery[]
  /**
   * The claim visited as many ready listeners as it may (its limit and the listeners at their cap), so more may be
   * ready now: a listener visited with nothing due (its rows taken back by a reorg, say) took a turn from them.
   */
  moreReady: boolean
}

/**
 * Takes due rows of active listeners fairly and leases them to this engine: their next attempt moves to the
 * database's now + leaseMs, so a process that dies mid-send leaves them to be retried after the lease
 * (at-least-once). SKIP LOCKED lets engines on one database take disjoint rows without waiting on each other,
 * and the listener's state is read here, in the same statement, so no engine sends for a listener that is no
 * longer active, whatever its own memory says.
 *
 * Fair: the listeners ready now (webhook_listener_ready) are visited in the order they became ready, each offering
 * its oldest due rows up to its free slots (perListener less those in flight); the rows are taken by their place in
 * their listener's queue counting the requests in flight (the first free slot of every listener before the second
 * of any), then in that order. A visited listener's time moves on: to now when it still has due rows, so the
 * listeners that were waiting come first next time (each gets its turn), or to its next row's time. The cost is a
 * few index probes per listener visited, and only listeners ready now are visited: one listener's backlog and the
 * listeners whose rows wait in backoff cost it nothing. Only the rows taken are locked, not every row offered (about
 * four for each taken, a lock record in the WAL each); one that another statement holds is left, as it was offered.
 */
export async function claimDueDeliveries(
  sql: Sql,
  engineId: string,
  leaseMs: number,
  limits: ClaimLimits,
): Promise<Claim> {
  const atCap = [...limits.inFlight.values()].filter((inFlight) => inFlight >= limits.perListener).length
  const visitLimit = limits.limit + atCap
  const { rows } = await sql.query<{
    visited: number
    uid: string | null
    listener_id: string
    body: Uint8Array
    attempts: number
    retry_from: number
    url: string
    secret: string
  }>(
    `with visited as (
       select listener_id, xmin as version, row_number() over (order by ready_at, listener_id) as turn from (
         select listener_id, ready_at, xmin from webhook_listener_ready where ready_at <= now()
         order by ready_at, listener_id limit $7 for update skip locked
       ) ready
     ), unchanged as (
       -- The visited listeners whose time no statement changed since this one's snapshot: only their time may move
       -- on, as the rows read here are all their rows. One changed meanwhile keeps the time it was brought forward to.
       select v.listener_id from visited v join webhook_listener_ready r on r.listener_id = v.listener_id
       where r.xmin = v.version
     ), offered as (
       select v.turn, v.listener_id, due.uid, due.next_attempt_at, busy.in_flight
       from visited v
       cross join lateral (
         select coalesce((select f.in_flight from unnest($4::text[], $5::int[]) as f (listener_id, in_flight)
                          where f.listener_id = v.listener_id), 0) as in_flight
       ) busy
       cross join lateral (
         select o.uid, o.next_attempt_at from webhook_outbox o
         where o.listener_id = v.listener_id and o.state = 'pending' and o.next_attempt_at <= now()
         order by o.next_attempt_at limit greatest(0, least($3 - busy.in_flight, $2))
       ) due
     ), chosen as (
       select uid, listener_id from (
         select uid, listener_id, turn,
                row_number() over (partition by listener_id order by next_attempt_at) + in_flight as place
         from offered
       ) ranked order by place, turn limit $2
     ), claimed as (
       select o.* from chosen c cross join lateral (
         select o.uid, o.listener_id from webhook_outbox o
         where o.uid = c.uid and o.state = 'pending' and o.next_attempt_at <= now() for update skip locked
       ) o
     ), taken as (
       update webhook_outbox o set next_attempt_at = now() + $1::double precision * interval '1 millisecond',
         attempts = o.attempts + 1, claimed_by = $6, in_flight_until = now() + $1::double precision * interval '1 millisecond'
       from claimed, webhook_listeners l
       where o.uid = claimed.uid and l.id = o.listener_id and ${listenerIsActive('l')}
       returning o.uid, o.listener_id, o.body, o.attempts, o.retry_from, l.url, l.secret
     ), next_ready as (
       -- When each visited listener may next be sent to: its first pending row not taken now (in the order of its
       -- queue) or the end of the lease of those taken, but not before now; none when nothing is pending.
       select v.listener_id, greatest(now(), least(
         (select o.next_attempt_at from webhook_outbox o
          where o.listener_id = v.listener_id and o.state = 'pending'
            and o.uid not in (select c.uid from claimed c where c.listener_id = v.listener_id)
          order by o.next_attempt_at limit 1),
         case when exists (select 1 from claimed c where c.listener_id = v.listener_id)
           then now() + $1::double precision * interval '1 millisecond' end)) as ready_at
       from visited v
     ), moved_on as (
       update webhook_listener_ready r set ready_at = n.ready_at
       from next_ready n join unchanged u using (listener_id) where r.listener_id = n.listener_id and n.ready_at is not null
     ), emptied as (
       delete from webhook_listener_ready r using next_ready n join unchanged u using (listener_id)
       where r.listener_id = n.listener_id and n.ready_at is null
     )
     select t.*, v.visited from (select count(*)::int as visited from visited) v left join taken t on true`,
    [
      leaseMs,
      limits.limit,
      limits.perListener,
      [...limits.inFlight.keys()],
      [...limits.inFlight.values()],
      engineId,
      visitLimit,
    ],
  )
  return {
    moreReady: Number(rows[0]?.visited ?? 0) >= visitLimit,
    deliveries: rows.flatMap((row) =>
      row.uid === null
        ? []
        : {
            uid: row.uid,
            listenerId: row.listener_id,
            body: bodyFromStored(row.body),
            attempt: Number(row.attempts),
            scheduledAttempt: Number(row.attempts) - Number(row.retry_from),
            url: row.url,
            secret: row.secret,
          },
    ),
  }
}

/**
 * How long until the next listener not ready now becomes ready, by the database's clock. Listeners ready now are
 * left out: a claim that left them took every row it could (they are at their cap, or another engine holds them).
 */
export async function msUntilLaterRowDue(sql: Sql): Promise<number | undefined> {
  const { rows } = await sql.query<{ ms: number | string | null }>(
    `select extract(epoch from min(ready_at) - now()) * 1000 as ms from webhook_listener_ready where ready_at > now()`,
  )
  const ms = rows[0]?.ms
  return ms === null || ms === undefined ? undefined : Number(ms)
}

/**
 * Cancels the listener's pending rows; those no attempt holds move to the history now, the others when it ends. The
 * listener leaves webhook_listener_ready too: a claim would otherwise spend a turn on it (each claim visits as many
 * listeners as it has slots), and at one slot a claim after each removal took nothing.
 */
export async function cancelListenerDeliveries(
  sql: Sql,
  listenerId: string,
  reason: string,
  now: number,
): Promise<void> {
  await sql.query(
    `update webhook_outbox set state = 'cancelled', last_error = $2, finished_at = $3
     where uid in (${lockedInOrder(`listener_id = $1 and state = 'pending'`)}) and state = 'pending'`,
    [listenerId, reason, new Date(now)],
  )
  await moveFinishedToHistory(sql, 'listener_id = $1', [listenerId])
  await sql.query('delete from webhook_listener_ready where listener_id = $1', [listenerId])
}

/**
 * Withholds the dropped blocks' deliveries: their rows come back from the history to the outbox, where the uids
 * the re-mined logs are queued under are looked up, and are marked as of a dropped block; those pending are
 * 'reorged', never to be sent.
 */
export async function markBlocksReorged(sql: Sql, chainId: number, blockHashes: string[], now: number): Promise<void> {
  if (blockHashes.length === 0) return
  await bringBackFromHistory(sql, 'chain_id = $1 and block_hash = any($2)', [chainId, blockHashes], true)
  await sql.query(
    `update webhook_outbox set in_dropped_block = true,
       state = case when state = 'pending' then 'reorged' else state end,
       last_error = case when state = 'pending' then 'block dropped by a reorg' else last_error end,
       finished_at = case when state = 'pending' then $3 else finished_at end
     where uid in (${lockedInOrder(`chain_id = $1 and block_hash = any($2)`)})`,
    [chainId, blockHashes, new Date(now)],
  )
}
