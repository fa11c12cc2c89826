import type { Sql } from '../../../store/sql.js'
import type { DeliveryWorkerOptions } from './delivery.js'
import { cancelListenerDeliveries } from './outbox.js'
import { DEFAULT_DISABLE_FAILING_AFTER_MS, failingSinceBefore } from './recovery.js'
import { announceListenerChange } from '../listeners/listener-changes.js'
import type { ListenerMirror } from '../listeners/listener-mirror.js'
import { disableListener } from '../listeners/listener-store.js'

export interface ListenerDisablingOptions {
  sql: Sql
  now: () => number
  mirror: ListenerMirror
  disableFailingAfterMs: number | undefined
}

/**
 * What the delivery worker does when a receiver answers 410 Gone, or when a listener's attempts have all failed
 * for the configured period: the listener is disabled, its queued deliveries cancelled, the reason kept.
 */
export function listenerDisabling(
  options: ListenerDisablingOptions,
): Pick<DeliveryWorkerOptions, 'onGone' | 'onFailed'> {
  const { sql, now, mirror } = options
  const disableFailingAfterMs = options.disableFailingAfterMs ?? DEFAULT_DISABLE_FAILING_AFTER_MS
  return {
    async onGone(listenerId) {
      // The worker closed the listener's gate on the answer; requests already sent meanwhile answer as they will.
      try {
        await sql.transaction((tx) => disable(tx, listenerId, 'receiver answered 410 Gone', now))
      } catch (error) {
        // Not disabled: the next attempt meets the 410 again and disables it then.
        await mirror.restore(listenerId)
        throw error
      }
      mirror.remove(listenerId)
    },
    async onFailed(listenerId) {
      const disabled = await sql.transaction(async (tx) => {
        const since = await failingSinceBefore(tx, listenerId, now() - disableFailingAfterMs)
        if (since === undefined) return false
        const period = describePeriod(disableFailingAfterMs)
        await disable(
          tx,
          listenerId,
          `no successful delivery since ${new Date(since).toISOString()} (${period} or more)`,
          now,
        )
        return true
      })
      if (disabled) mirror.remove(listenerId)
    },
  }
}

async function disable(tx: Sql, listenerId: string, reason: string, now: () => number) {
  await disableListener(tx, listenerId, reason, now())
  await cancelListenerDeliveries(tx, listenerId, `listener disabled: ${reason}`, now())
  await announceListenerChange(tx, listenerId)
}

/** A configured period as an operator wrote it: '5 days', '2 hours', '1500 ms'. */
function describePeriod(ms: number): string {
  const units: [number, string][] = [
    [86_400_000, 'day'],
    [3_600_000, 'hour'],
    [60_000, 'minute'],
    [1_000, 'second'],
  ]
  const [size, name] = units.find(([size]) => ms >= size && ms % size === 0) ?? [1, 'ms']
  const count = ms / size
  return name === 'ms' ? `${ms} ms` : `${count} ${name}${count === 1 ? '' : 's'}`
}
