import { randomUUID } from 'node:crypto'
import { consoleLog } from '../../observability/log.js'
import type { RemoveWebhookListenerArgs } from '../../../gen/indexer.gen.js'
import { invalidArgument, Problem } from '../../values/problem.js'
import { projectIdOnIndexerWire, type ProjectId } from '../../values/project-id.js'
import { answeringSpecErrors } from '../../server/errors.js'
import type { Sql } from '../../store/sql.js'
import { listDeliveries } from './delivery/delivery-report.js'
import { cancelListenerDeliveries } from './delivery/outbox.js'
import { reactivateListener, requeueDelivery, requeueFailedSince, type ResendRefusal } from './delivery/recovery.js'
import { generateSigningSecret } from './delivery/signature.js'
import { announceListenerChange } from './listeners/listener-changes.js'
import { normaliseFilters } from './listeners/filters.js'
import {
  countActiveListeners,
  findListener,
  insertListener,
  markListenerRemoved,
  toWebhookListener,
  type ListenerRecord,
} from './listeners/listener-store.js'
import { checkListenerUrl } from './listeners/url-policy.js'
import { eventSources } from './chain/event-sources.js'
import { ingestOperation, matchingLogSink } from './chain/log-sink.js'
import { joinCluster } from './cluster/cluster-membership.js'
import { configuredDeliveryWorker } from './delivery/configured-worker.js'
import { openDeliveryTelemetry } from './delivery/delivery-telemetry.js'
import type { WebhookEngine, WebhookEngineOptions } from './engine-api.js'
import { engineLifecycle } from './engine-lifecycle.js'
import { listenerDisabling } from './listeners/listener-disabling.js'
import { ListenerMirror } from './listeners/listener-mirror.js'
import { MatchingIndex } from './matching/matching-index.js'
import { prepareWebhookTables } from './store/store-schema.js'

export type { AddListenerScope, WebhookEngine, WebhookEngineOptions } from './engine-api.js'

export async function createWebhookEngine(options: WebhookEngineOptions): Promise<WebhookEngine> {
  const { sql } = options
  const now = options.now ?? Date.now
  const log = options.log ?? consoleLog
  const engineId = randomUUID()
  const attemptTimeoutMs = options.attemptTimeoutMs ?? 10_000
  await prepareWebhookTables(sql)

  const index = new MatchingIndex()
  const mirror = new ListenerMirror(sql, index, (listenerId) => worker.abortListener(listenerId), log)
  const telemetry = await openDeliveryTelemetry(sql, () => index.listenerCount, now)
  const worker = configuredDeliveryWorker(options, {
    sql,
    engineId,
    log,
    now,
    attemptTimeoutMs,
    maySend: () => cluster.alive,
    telemetry,
    ...listenerDisabling({ sql, now, mirror, disableFailingListenersAfterMs: options.disableFailingListenersAfterMs }),
  })
  const sink = matchingLogSink({ index, now, validatePayload: options.validatePayload, worker })
  await mirror.load()
  const cluster = await joinCluster({
    sql,
    engineId,
    now,
    log,
    livenessMs: options.livenessMs,
    listenerReconcileMs: options.listenerReconcileMs,
    attemptTimeoutMs,
    mirror,
    worker,
  })
  const maxListeners = options.maxListenersPerProject ?? 1_000
  /** The listener if it belongs to the project (removed ones included); the SPEC errors otherwise. */
  async function ownedListener(projectId: ProjectId, listenerId: string): Promise<ListenerRecord> {
    const record = await findListener(sql, listenerId)
    if (!record) throw new Problem('not-found', `listener ${listenerId} not found`)
    if (record.projectId !== projectId)
      throw new Problem('permission-denied', `listener ${listenerId} belongs to another project`)
    return record
  }
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
  const sources = eventSources({ sql, engineId, now, log, sink, chains: options.chains, sources: options.sources })

  return {
    get activeListeners() {
      return index.listenerCount
    },
    addListener: answeringSpecErrors(async (projectId, args, scope = {}) => {
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
      return toWebhookListener(
        record,
        normalised.events.map(({ eventSig, topicHash, types, names, indexed }) => ({
          eventSig,
          topicHash,
          types: [...types],
          names: [...names],
          indexed: [...indexed],
        })),
        true,
      )
    }),

    removeListener: answeringSpecErrors(async (projectId: ProjectId, args: RemoveWebhookListenerArgs) => {
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
      await sql.transaction(async (tx) => {
        await markListenerRemoved(tx, record.id, now())
        await cancelListenerDeliveries(tx, record.id, 'listener removed', now())
        await announceListenerChange(tx, record.id)
      })
      // Other engines abort their requests to it on the notification; acknowledge once none is left.
      await cluster.attemptsEnded(record.id)
      return true
    }),

    ingest: ingestOperation(sql, sink),

    listDeliveries: answeringSpecErrors(async (projectId, listenerId, limit = 100) => {
      const record = await ownedListener(projectId, listenerId)
      return listDeliveries(sql, record, Math.min(Math.max(1, limit), 1000))
    }),

    resendDelivery: answeringSpecErrors(async (projectId, listenerId, uid) => {
      const record = await ownedListener(projectId, listenerId)
      const result = await requeue(record, (tx) => requeueDelivery(tx, record.id, uid, now()))
      if ('requeued' in result) return result.requeued
      throw resendRefused(uid, listenerId, result.refused)
    }),

    recoverDeliveries: answeringSpecErrors(async (projectId, listenerId, since) => {
      if (!(since instanceof Date) || Number.isNaN(since.getTime())) throw invalidArgument('since', 'not a time')
      const record = await ownedListener(projectId, listenerId)
      return requeue(record, (tx) => requeueFailedSince(tx, record.id, since.getTime(), now()))
    }),

    ...engineLifecycle({ worker, sources, cluster, telemetry }),
  }
}

function resendRefused(uid: string, listenerId: string, refusal: ResendRefusal): Problem {
  if (refusal === 'unknown') return new Problem('not-found', `delivery ${uid} of listener ${listenerId} not found`)
  const why = refusal === 'reorged' ? 'its block was dropped by a reorg' : 'its payload failed its JSON Schema'
  return invalidArgument('uid', `delivery ${uid} cannot be sent: ${why}`)
}
