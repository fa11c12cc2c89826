/**
 * SQL: brings the listeners' times in webhook_listener_ready forward (adding the listeners missing) to the earliest
 * time `select` yields for each, as rows of (listener_id, ready_at). Every statement that makes an outbox row pending
 * runs it for that row's listener and due time, so the claim (claimDueDeliveries), which reads only the listeners
 * ready now, finds the row when it falls due. A listener's time is never moved later here, and its row is written
 * even when its time stays: a statement that moves times on (the claim, an outcome's retries) from what its snapshot
 * showed moves only rows no statement wrote since (their xmin unchanged). The listeners are locked in id order, as
 * every statement that changes several of them does.
 */
export const listenersBecomeReady = (select: string) =>
  `insert into webhook_listener_ready (listener_id, ready_at)
   select listener_id, min(ready_at) from (${select}) as becoming (listener_id, ready_at)
   group by listener_id order by listener_id
   on conflict (listener_id) do update set ready_at = least(webhook_listener_ready.ready_at, excluded.ready_at)`
