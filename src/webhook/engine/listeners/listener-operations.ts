import { randomUUID } from 'node:crypto'
import { invalidArgument, Problem } from '../../../values/problem.js'
import { projectIdOnIndexerWire, type ProjectId } from '../../../values/project-id.js'
import { answeringDocumentedErrors } from '../../../server/errors.js'
import type { Sql } from '../../../store/sql.js'
import type { RemoveWebhookListenerArgs, WebhookListener } from '../../../../gen/indexer.gen.js'
import type { ParsedEvent } from '../matching/event-signature.js'
import type { ClusterMembership } from '../cluster/cluster-membership.js'
import { cancelListenerDeliveries } from '../delivery/outbox.js'
import { generateSigningSecret } from '../delivery/signature.js'
import type { WebhookEngine } from '../engine-api.js'
import { normaliseFilters } from './filters.js'
import { ownedListener } from './owned-listener.js'
import { announceListenerChange } from './listener-changes.js'
import type { ListenerMirror } from './listener-mirror.js'
import {
  countActiveListeners,
  findListener,
  insertListener,
  markListenerRemoved,
  toWebhookListener,
  type ListenerRecord,
} from './listener-store.js'
import { checkListenerUrl } from './url-policy.js'

const DEFAULT_MAX_LISTENERS_PER_PROJECT = 1_000

export interface ListenerOperationsOptions {
  sql: Sql
  now: () => number
  allowPrivateTargets: boolean
  maxListenersPerProject: number | undefined
  mirror: ListenerMirror
  cluster: Pick<ClusterMembership, 'attemptsEnded'>
}

/** AddWebhookListener and RemoveWebhookListener (their validation, the table, every engine told), and the owner's read. */
export function listenerOperations(
  options: ListenerOperationsOptions,
): Pick<WebhookEngine, 'addListener' | 'removeListener' | 'getListener'> {
  const { sql, now, mirror, cluster } = options
  const maxListeners = options.maxListenersPerProject ?? DEFAULT_MAX_LISTENERS_PER_PROJECT
  return {
    addListener: answeringDocumentedErrors(async (projectId, args, scope = {}) => {
      if (typeof args !== 'object' || args === null) throw invalidArgument('request body', 'required object')
      const url = checkListenerUrl(args.url, options)
      const normalised = normaliseFilters(args.filters)
      if (scope.chainId !== undefined && !Number.isSafeInteger(scope.chainId))
        throw invalidArgument('chainId', 'not an integer')
      if ((await countActiveListeners(sql, projectId)) >= maxListeners) {
        throw new Problem(
          'limit-reached',
          `project ${projectId} has ${maxListeners} active webhook listeners, the most allowed`,
        )
      }
      const at = now()
      const record: ListenerRecord = {
        id: randomUUID(),
        projectId,
        chainId: scope.chainId,
        url,
        filters: normalised.filters,
        secret: generateSigningSecret(),
        active: true,
        disabledReason: undefined,
        createdAt: at,
        updatedAt: at,
        removedAt: undefined,
      }
      await sql.transaction(async (tx) => {
        await insertListener(tx, record)
        await announceListenerChange(tx, record.id)
      })
      mirror.add(record)
      return toWebhookListener(record, listenedEvents(normalised.events), true)
    }),

    getListener: answeringDocumentedErrors(async (projectId: ProjectId, listenerId: string) => {
      const record = await ownedListener(sql, projectId, listenerId)
      if (record.removedAt !== undefined) throw new Problem('not-found', `listener ${listenerId} was removed`)
      return toWebhookListener(record, listenedEvents(normaliseFilters(record.filters).events), false)
    }),

    removeListener: answeringDocumentedErrors(async (projectId: ProjectId, args: RemoveWebhookListenerArgs) => {
      if (typeof args?.id !== 'string' || args.id.length === 0) throw invalidArgument('id', 'required')
      if (args.projectId !== undefined && args.projectId !== projectIdOnIndexerWire(projectId)) {
        const claimed = String(args.projectId).slice(0, 40)
        throw new Problem('permission-denied', `projectId ${claimed} is not the project of the secret key`)
      }
      const record = await findListener(sql, args.id)
      if (!record || record.removedAt !== undefined) throw new Problem('not-found', `listener ${args.id} not found`)
      if (record.projectId !== projectId)
        throw new Problem('permission-denied', `listener ${args.id} belongs to another project`)
      mirror.remove(record.id)
      try {
        await sql.transaction(async (tx) => {
          await markListenerRemoved(tx, record.id, now())
          await cancelListenerDeliveries(tx, record.id, 'listener removed', now())
          await announceListenerChange(tx, record.id)
        })
      } catch (error) {
        // Nothing was removed: this engine matches logs for the listener again, as every other engine does.
        await mirror.refresh(record.id)
        throw error
      }
      // Other engines abort their requests to it on the notification; acknowledge once none is left.
      await cluster.attemptsEnded(record.id)
      return true
    }),
  }
}

/** The parsed events as the API shows them, with copies of their arrays: parsed events are memoised and shared. */
function listenedEvents(events: ParsedEvent[]): NonNullable<WebhookListener['events']> {
  return events.map(({ eventSig, topicHash, types, names, indexed }) => ({
    eventSig,
    topicHash,
    types: [...types],
    names: [...names],
    indexed: [...indexed],
  }))
}
