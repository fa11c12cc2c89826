import { Problem } from '../../../values/problem.js'
import type { ProjectId } from '../../../values/project-id.js'
import type { Sql } from '../../../store/sql.js'
import type { ClusterMembership } from '../cluster/cluster-membership.js'
import { cancelListenerDeliveries } from '../delivery/outbox.js'
import type { WebhookEngine } from '../engine-api.js'
import { guardPublicTarget } from '../listeners/address-guard.js'
import { normaliseFilters } from '../listeners/filters.js'
import { announceListenerChange } from '../listeners/listener-changes.js'
import type { ListenerMirror } from '../listeners/listener-mirror.js'
import {
  checkListenerLimit,
  DEFAULT_MAX_LISTENERS_PER_PROJECT,
  listenerAnswer,
  newListener,
  removableListener,
  removalRequest,
} from '../listeners/listener-requests.js'
import { countActiveListeners, findListener, insertListener, markListenerRemoved } from '../listeners/listener-store.js'
import { ownedListener } from '../listeners/owned-listener.js'

export interface ListenerOperationsOptions {
  sql: Sql
  now: () => number
  allowPrivateTargets: boolean
  maxListenersPerProject: number | undefined
  mirror: ListenerMirror
  cluster: Pick<ClusterMembership, 'attemptsEnded'>
}

/** AddWebhookListener and RemoveWebhookListener (listener-requests.ts on the table, every engine told), and the owner's read. */
export function listenerOperations(
  options: ListenerOperationsOptions,
): Pick<WebhookEngine, 'addListener' | 'removeListener' | 'getListener'> {
  const { sql, now, mirror, cluster } = options
  const maxListeners = options.maxListenersPerProject ?? DEFAULT_MAX_LISTENERS_PER_PROJECT
  const guardUrl = options.allowPrivateTargets ? undefined : guardPublicTarget
  return {
    async addListener(projectId, args, scope = {}) {
      const { record, events } = newListener(projectId, args, scope, now(), guardUrl)
      checkListenerLimit(projectId, await countActiveListeners(sql, projectId), maxListeners)
      await sql.transaction(async (tx) => {
        await insertListener(tx, record)
        await announceListenerChange(tx, record.id)
      })
      mirror.add(record)
      return listenerAnswer(record, events, true)
    },

    async getListener(projectId: ProjectId, listenerId: string) {
      const record = await ownedListener(sql, projectId, listenerId)
      if (record.removedAt !== undefined) throw new Problem('not-found', `listener ${listenerId} was removed`)
      return listenerAnswer(record, normaliseFilters(record.filters).events, false)
    },

    async removeListener(projectId, args) {
      const listenerId = removalRequest(projectId, args)
      const record = removableListener(projectId, listenerId, await findListener(sql, listenerId))
      mirror.remove(record.id, false)
      try {
        await sql.transaction(async (tx) => {
          await markListenerRemoved(tx, record.id, now())
          await cancelListenerDeliveries(tx, record.id, 'listener removed', now())
          await announceListenerChange(tx, record.id)
        })
      } catch (error) {
        // Nothing was removed: this engine matches logs for the listener and sends to it again, as every other does.
        await mirror.restore(record.id)
        throw error
      }
      mirror.remove(record.id)
      // Other engines abort their requests to it on the notification; acknowledge once none is left.
      await cluster.attemptsEnded(record.id)
      return true
    },
  }
}
