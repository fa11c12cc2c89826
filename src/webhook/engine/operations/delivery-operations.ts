import { invalidArgument, Problem } from '../../../values/problem.js'
import type { Sql } from '../../../store/sql.js'
import type { WebhookEngine } from '../engine-api.js'
import { announceListenerChange } from '../listeners/listener-changes.js'
import type { ListenerMirror } from '../listeners/listener-mirror.js'
import type { ListenerRecord } from '../listeners/listener-store.js'
import { ownedListener } from '../listeners/owned-listener.js'
import type { DeliveryWorker } from '../delivery/delivery.js'
import { listDeliveries } from '../delivery/delivery-report.js'
import { reactivateListener, requeueDelivery, requeueFailedSince, type ResendRefusal } from '../delivery/recovery.js'

export interface DeliveryOperationsOptions {
  sql: Sql
  now: () => number
  mirror: ListenerMirror
  worker: Pick<DeliveryWorker, 'wake'>
  historyRetentionMs: number
}

/** What a listener's owner does with its deliveries: read their report, resend one, recover the failed ones. */
export function deliveryOperations(
  options: DeliveryOperationsOptions,
): Pick<WebhookEngine, 'listDeliveries' | 'resendDelivery' | 'recoverDeliveries'> {
  const { sql, now, mirror, worker, historyRetentionMs } = options

  /** Runs a requeue in one transaction with the listener's reactivation, then lets every engine know. */
  async function requeue<T>(record: ListenerRecord, work: (tx: Sql) => Promise<T>): Promise<T> {
    if (record.removedAt !== undefined) throw new Problem('not-found', `listener ${record.id} was removed`)
    const result = await sql.transaction(async (tx) => {
      const outcome = await work(tx)
      if (await reactivateListener(tx, record.id, now())) await announceListenerChange(tx, record.id)
      return outcome
    })
    await mirror.refresh(record.id)
    worker.wake()
    return result
  }

  return {
    async listDeliveries(projectId, listenerId, limit = 100) {
      const record = await ownedListener(sql, projectId, listenerId)
      return listDeliveries(sql, record, Math.min(Math.max(1, limit), 1000), historyRetentionMs)
    },

    async resendDelivery(projectId, listenerId, uid) {
      const record = await ownedListener(sql, projectId, listenerId)
      const result = await requeue(record, (tx) => requeueDelivery(tx, record.id, uid))
      if ('requeued' in result) return result.requeued
      throw resendRefused(uid, listenerId, result.refused)
    },

    async recoverDeliveries(projectId, listenerId, since) {
      if (!(since instanceof Date) || Number.isNaN(since.getTime())) throw invalidArgument('since', 'not a time')
      const record = await ownedListener(sql, projectId, listenerId)
      return requeue(record, (tx) => requeueFailedSince(tx, record.id, since.getTime()))
    },
  }
}

function resendRefused(uid: string, listenerId: string, refusal: ResendRefusal): Problem {
  if (refusal === 'unknown') return new Problem('not-found', `delivery ${uid} of listener ${listenerId} not found`)
  const why = refusal === 'reorged' ? 'its block was dropped by a reorg' : 'its payload failed its JSON Schema'
  return invalidArgument('uid', `delivery ${uid} cannot be sent: ${why}`)
}
