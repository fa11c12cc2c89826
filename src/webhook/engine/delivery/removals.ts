import type { WebhookPayload } from '../../../../gen/indexer.gen.js'
import { WebhookEventType } from '../../../../gen/indexer.gen.js'
import type { Sql } from '../../../store/sql.js'
import { removedPayload, removedUid } from './payload.js'
import { listenersBecomeReady } from './ready-listeners.js'
import { bodyFromStored, storedBody } from '../store/stored-body.js'

export interface QueuedRemoval {
  uid: string
  listenerId: string
}

/**
 * Queues a BLOCK_REMOVED for every BLOCK_ADDED of the dropped blocks that a receiver may have applied: delivered,
 * or attempted before markBlocksReorged withheld it (an attempt may have reached the receiver, or be reaching it
 * now). Call it after markBlocksReorged, in the same transaction, so the BLOCK_REMOVED rows it queues stay pending. A BLOCK_REMOVED of a row in flight
 * is due once that attempt's lease ends (both times the database's clock), or once its answer is written
 * (removals-due.ts), so it cannot overtake the BLOCK_ADDED it takes back. Listeners that are
 * removed get none; the listeners' rows are share-locked, as enqueueDeliveries does, so a removal committing
 * meanwhile cancels what is queued here. Returns what it queued.
 */
export async function queueRemovals(sql: Sql, chainId: number, blockHashes: string[]): Promise<QueuedRemoval[]> {
  if (blockHashes.length === 0) return []
  const { rows } = await sql.query<{
    listener_id: string
    block_number: string | number
    block_hash: string
    body: Uint8Array
    in_flight_until: Date | null
  }>(
    `select listener_id, block_number, block_hash, body, in_flight_until from webhook_outbox
     where chain_id = $1 and block_hash = any($2) and (state = 'delivered' or (state = 'reorged' and attempts > 0))`,
    [chainId, blockHashes],
  )
  const added = rows
    .map((row) => ({ row, payload: JSON.parse(bodyFromStored(row.body)) as WebhookPayload }))
    .filter(({ payload }) => payload.type === WebhookEventType.BLOCK_ADDED)
  if (added.length === 0) return []
  const listenerIds = [...new Set(added.map(({ row }) => row.listener_id))].sort()
  const { rows: present } = await sql.query<{ id: string }>(
    'select id from webhook_listeners where id = any($1) and removed_at is null order by id for share',
    [listenerIds],
  )
  const kept = new Set(present.map((row) => row.id))
  // Written in uid order, as every statement that locks several outbox rows takes them (outbox.ts).
  const removals = added
    .filter(({ row }) => kept.has(row.listener_id))
    .map((entry) => ({ ...entry, uid: removedUid(entry.payload.uid) }))
    .sort((a, b) => (a.uid < b.uid ? -1 : a.uid > b.uid ? 1 : 0))
  if (removals.length === 0) return []
  const column = <T>(pick: (entry: (typeof removals)[number]) => T) => removals.map(pick)
  // A BLOCK_REMOVED stays in the outbox with the block it takes back (store/delivery-history.ts), so a block
  // dropped a second time finds the one queued the first time.
  const { rows: queued } = await sql.query<{ uid: string; listener_id: string }>(
    `with queued as (
       insert into webhook_outbox (uid, listener_id, chain_id, block_number, block_hash, body, state, next_attempt_at, created_at, in_dropped_block)
       select uid, listener_id, $1, block_number, block_hash, body, 'pending', greatest(now(), in_flight_until), now(), true
       from unnest($2::text[], $3::text[], $4::bigint[], $5::text[], $6::bytea[], $7::timestamptz[])
         as t (uid, listener_id, block_number, block_hash, body, in_flight_until)
       on conflict (uid) do nothing returning uid, listener_id, next_attempt_at
     ), ready as (${listenersBecomeReady('select listener_id, next_attempt_at from queued')}
     )
     select uid, listener_id from queued`,
    [
      chainId,
      column(({ uid }) => uid),
      column(({ row }) => row.listener_id),
      column(({ row }) => Number(row.block_number)),
      column(({ row }) => row.block_hash),
      column(({ payload }) => storedBody(JSON.stringify(removedPayload(payload)))),
      column(({ row }) => row.in_flight_until),
    ],
  )
  return queued.map((row) => ({ uid: row.uid, listenerId: row.listener_id }))
}
