import type { Sql } from '../../../store/sql.js'
import { listenersBecomeReady } from './ready-listeners.js'

/**
 * Once the attempts of `uids` are written, the BLOCK_REMOVED rows that waited for them (queueRemovals makes one due
 * at the end of the lease of the BLOCK_ADDED it takes back, not knowing when its answer comes) are due when no
 * BLOCK_ADDED of their listener in their block is in flight any more: a receiver that answered gets the BLOCK_REMOVED
 * then, not a lease later. Only rows never attempted move (a retry keeps its backoff), and never later; a row another
 * statement holds is left to its lease (skip locked: this never waits).
 */
export async function removalsFollowAttempts(sql: Sql, uids: readonly string[]): Promise<void> {
  await sql.query(
    `with ended as (
       select distinct listener_id, chain_id, block_hash from webhook_outbox where uid = any($1) and in_dropped_block
     ), waiting as (
       select r.uid, greatest(now(), (
         select max(a.in_flight_until) from webhook_outbox a
         where a.listener_id = r.listener_id and a.chain_id = r.chain_id and a.block_hash = r.block_hash
           and a.in_dropped_block and a.state <> 'pending' and a.in_flight_until > now())) as due
       from webhook_outbox r join ended e using (listener_id, chain_id, block_hash)
       where r.in_dropped_block and r.state = 'pending' and r.attempts = 0 and r.next_attempt_at > now()
       order by r.uid for update of r skip locked
     ), brought as (
       update webhook_outbox o set next_attempt_at = w.due from waiting w
       where o.uid = w.uid and o.next_attempt_at > w.due
       returning o.listener_id, o.next_attempt_at
     ), ready as (${listenersBecomeReady('select listener_id, next_attempt_at from brought')}
     )
     select count(*) from brought`,
    [uids],
  )
}
