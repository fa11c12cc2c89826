import type { AddWebhookListenerArgs, RemoveWebhookListenerArgs, WebhookListener } from '../../gen/indexer.gen.js'
import { invalidArgument, Problem } from '../values/problem.js'
import { projectIdOnIndexerWire, type ProjectId } from '../values/project-id.js'
import { answeringDocumentedErrors } from '../server/errors.js'
import type { WebhookListeners } from '../reference/handlers/indexer.js'
import { toWebhookListener, type ListenerRecord } from '../webhook/engine/listeners/listener-store.js'
import { formatSecret } from '../webhook/receiver/standard-webhooks.js'

/** Webhook listeners kept in memory by the mock: registered and removed as the Indexer does, never delivered to. */
export interface MockListeners extends WebhookListeners {
  /** The active listeners, as AddWebhookListener answered them (with their signing secrets). */
  list(): WebhookListener[]
}

function listenerUrl(raw: unknown): string {
  if (typeof raw !== 'string' || raw.length === 0) throw invalidArgument('url', 'required')
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw invalidArgument('url', 'not a URL')
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw invalidArgument('url', 'must be http or https')
  return url.href
}

export function mockListeners(now: () => number = Date.now): MockListeners {
  const records = new Map<string, { record: ListenerRecord; listener: WebhookListener }>()
  return {
    list: () => [...records.values()].filter((r) => r.record.removedAt === undefined).map((r) => r.listener),
    addListener: answeringDocumentedErrors(async (projectId: ProjectId, args: AddWebhookListenerArgs, scope = {}) => {
      const url = listenerUrl(args.url)
      // Event signatures are parsed by viem's ABI code, loaded with the first listener rather than with the handlers.
      const { normaliseFilters } = await import('../webhook/engine/listeners/filters.js')
      const normalised = normaliseFilters(args.filters)
      const at = now()
      const record: ListenerRecord = {
        id: crypto.randomUUID(),
        projectId,
        chainId: scope.chainId,
        url,
        filters: normalised.filters,
        secret: formatSecret(crypto.getRandomValues(new Uint8Array(32))),
        active: true,
        disabledReason: undefined,
        createdAt: at,
        updatedAt: at,
        removedAt: undefined,
      }
      const events = normalised.events.map(({ eventSig, topicHash, types, names, indexed }) => ({
        eventSig,
        topicHash,
        types: [...types],
        names: [...names],
        indexed: [...indexed],
      }))
      const listener = toWebhookListener(record, events, true)
      records.set(record.id, { record, listener })
      return listener
    }),
    removeListener: answeringDocumentedErrors(async (projectId: ProjectId, args: RemoveWebhookListenerArgs) => {
      if (typeof args?.id !== 'string' || args.id.length === 0) throw invalidArgument('id', 'required')
      if (args.projectId !== undefined && args.projectId !== projectIdOnIndexerWire(projectId))
        throw new Problem(
          'permission-denied',
          `projectId ${String(args.projectId).slice(0, 40)} is not the project of the secret key`,
        )
      const found = records.get(args.id)
      if (!found || found.record.removedAt !== undefined)
        throw new Problem('not-found', `listener ${args.id} not found`)
      if (found.record.projectId !== projectId)
        throw new Problem('permission-denied', `listener ${args.id} belongs to another project`)
      found.record.removedAt = now()
      return true
    }),
  }
}
