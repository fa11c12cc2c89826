import type { WebhookListener } from '../../gen/indexer.gen.js'
import type { WebhookListeners } from '../reference/handlers/indexer.js'
import type { ListenerRecord } from '../webhook/engine/listeners/listener-store.js'

/** Webhook listeners kept in memory by the mock: registered and removed as the Indexer does, never delivered to. */
export interface MockListeners extends WebhookListeners {
  /** The active listeners, as AddWebhookListener answered them (with their signing secrets). */
  list(): WebhookListener[]
}

/**
 * The engine's listener rules (listener-requests.ts: the same checks, limit and record) on a map instead of a
 * table. The host answers their Problems with docs/errors.md's errors, as the local server's host does. The
 * rules (viem's ABI code for event signatures) load with the first listener call, not with the handlers.
 */
export function mockListeners(now: () => number = Date.now): MockListeners {
  const records = new Map<string, { record: ListenerRecord; listener: WebhookListener }>()
  const rules = () => import('../webhook/engine/listeners/listener-requests.js')
  const active = () => [...records.values()].filter((entry) => entry.record.removedAt === undefined)
  return {
    list: () => active().map((entry) => entry.listener),
    async addListener(projectId, args, scope = {}) {
      const { newListener, checkListenerLimit, listenerAnswer, DEFAULT_MAX_LISTENERS_PER_PROJECT } = await rules()
      const { record, events } = newListener(projectId, args, scope, now())
      const ofProject = active().filter((entry) => entry.record.projectId === projectId).length
      checkListenerLimit(projectId, ofProject, DEFAULT_MAX_LISTENERS_PER_PROJECT)
      const listener = listenerAnswer(record, events, true)
      records.set(record.id, { record, listener })
      return listener
    },
    async removeListener(projectId, args) {
      const { removalRequest, removableListener } = await rules()
      const listenerId = removalRequest(projectId, args)
      removableListener(projectId, listenerId, records.get(listenerId)?.record).removedAt = now()
      return true
    },
  }
}
