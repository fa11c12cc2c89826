import type { AddWebhookListenerArgs, RemoveWebhookListenerArgs, WebhookListener } from '../../../../gen/indexer.gen.js'
import { invalidArgument, Problem } from '../../../values/problem.js'
import { projectIdOnIndexerWire, type ProjectId } from '../../../values/project-id.js'
import { formatSecret } from '../../receiver/standard-webhooks.js'
import type { ParsedEvent } from '../matching/event-signature.js'
import { normaliseFilters } from './filters.js'
import { toWebhookListener, type ListenerRecord } from './listener-store.js'
import { checkListenerUrl } from './url-policy.js'

// AddWebhookListener and RemoveWebhookListener as every registry of listeners answers them: the engine (on its
// table) and the MSW handlers (in memory, in browsers too), so the two refuse the same requests alike.

/** Active listeners one project may have when no other limit is configured. */
export const DEFAULT_MAX_LISTENERS_PER_PROJECT = 1_000

export interface AddListenerScope {
  /** Only logs of this chain reach the listener; every chain when absent. */
  chainId?: number
}

/** A listener as AddWebhookListener registers it: the record to keep and the events it listens to. */
export interface NewListener {
  record: ListenerRecord
  events: ParsedEvent[]
}

/**
 * Checks an AddWebhookListener request and makes its listener (a new id and signing secret), or throws the
 * invalid-argument Problem naming what is wrong. `guardUrl` refuses further URLs (the engine's address guard).
 */
export function newListener(
  projectId: ProjectId,
  args: AddWebhookListenerArgs,
  scope: AddListenerScope,
  at: number,
  guardUrl?: (url: URL) => void,
): NewListener {
  if (typeof args !== 'object' || args === null) throw invalidArgument('request body', 'required object')
  const url = checkListenerUrl(args.url)
  guardUrl?.(url)
  const normalised = normaliseFilters(args.filters)
  if (scope.chainId !== undefined && !Number.isSafeInteger(scope.chainId))
    throw invalidArgument('chainId', 'not an integer')
  const record: ListenerRecord = {
    id: crypto.randomUUID(),
    projectId,
    chainId: scope.chainId,
    url: url.href,
    filters: normalised.filters,
    secret: formatSecret(crypto.getRandomValues(new Uint8Array(32))),
    active: true,
    disabledReason: undefined,
    createdAt: at,
    updatedAt: at,
    removedAt: undefined,
  }
  return { record, events: normalised.events }
}

/** Refuses a listener beyond the project's limit (ProjectLimitReached). */
export function checkListenerLimit(projectId: ProjectId, activeListeners: number, maxListeners: number): void {
  if (activeListeners >= maxListeners)
    throw new Problem(
      'limit-reached',
      `project ${projectId} has ${maxListeners} active webhook listeners, the most allowed`,
    )
}

/** Checks a RemoveWebhookListener request before any listener is looked up; returns the listener id. */
export function removalRequest(projectId: ProjectId, args: RemoveWebhookListenerArgs): string {
  if (typeof args?.id !== 'string' || args.id.length === 0) throw invalidArgument('id', 'required')
  if (args.projectId !== undefined && args.projectId !== projectIdOnIndexerWire(projectId)) {
    const claimed = String(args.projectId).slice(0, 40)
    throw new Problem('permission-denied', `projectId ${claimed} is not the project of the secret key`)
  }
  return args.id
}

/** The listener a removal takes away: found, not removed yet, the caller's (NotFound or PermissionDenied else). */
export function removableListener(
  projectId: ProjectId,
  listenerId: string,
  record: ListenerRecord | undefined,
): ListenerRecord {
  if (!record || record.removedAt !== undefined) throw new Problem('not-found', `listener ${listenerId} not found`)
  if (record.projectId !== projectId)
    throw new Problem('permission-denied', `listener ${listenerId} belongs to another project`)
  return record
}

/** The listener as the API shows it, with copies of the events' arrays: parsed events are memoised and shared. */
export function listenerAnswer(record: ListenerRecord, events: ParsedEvent[], withSecret: boolean): WebhookListener {
  const listened = events.map(({ eventSig, topicHash, types, names, indexed }) => ({
    eventSig,
    topicHash,
    types: [...types],
    names: [...names],
    indexed: [...indexed],
  }))
  return toWebhookListener(record, listened, withSecret)
}
