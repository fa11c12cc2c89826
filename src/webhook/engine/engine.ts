import { randomUUID } from 'node:crypto'
import type { RemoveWebhookListenerArgs } from '../../../gen/indexer.gen.js'
import { consoleLog } from '../../observability/log.js'
import { invalidArgument, Problem } from '../../values/problem.js'
import { projectIdOnIndexerWire, type ProjectId } from '../../values/project-id.js'
import { answeringSpecErrors } from '../../server/errors.js'
import type { Sql } from '../../store/sql.js'
import type { WebhookEngine, WebhookEngineOptions } from './engine-api.js'
import { DeliveryWorker, LEASE_MARGIN_MS } from './delivery/delivery.js'
import { deliveryTelemetry, noDeliveryTelemetry } from './delivery/delivery-telemetry.js'
import { loadOpenTelemetry } from '../../observability/telemetry.js'
import { DEFAULT_LIVENESS_MS, EnginePresence, waitForAttemptsInFlight } from './cluster/engine-presence.js'
import { listDeliveries } from './delivery/delivery-report.js'
import { ChainFollower } from './chain/follower.js'
import type { EventSource, LogSink } from './chain/event-source.js'
import { createFetchSender, createHttpSender, type Sender } from './delivery/http-sender.js'
import { enqueueMatchingLogs, sourceLogProblem } from './chain/ingest.js'
import {
  LISTENER_CHANNEL,
  OUTBOX_CHANNEL,
  announceListenerChange,
  announceQueuedDeliveries,
} from './listeners/listener-changes.js'
import { ListenerMirror } from './listeners/listener-mirror.js'
import {
  countActiveListeners,
  disableListener,
  findListener,
  insertListener,
  markListenerRemoved,
  toWebhookListener,
  type ListenerRecord,
} from './listeners/listener-store.js'
import { MatchingIndex } from './matching/matching-index.js'
import { cancelListenerDeliveries } from './delivery/outbox.js'
import {
  DEFAULT_DISABLE_FAILING_AFTER_MS,
  failingSinceBefore,
  reactivateListener,
  requeueDelivery,
  requeueFailedSince,
  type ResendRefusal,
} from './delivery/recovery.js'
import { DEFAULT_RETRY_POLICY } from './delivery/retry-schedule.js'
import { generateSigningSecret } from './delivery/signature.js'
import { prepareWebhookTables } from './store/store-schema.js'
import { validateWebhookPayload } from '../../validate/index.js'
import { checkListenerUrl } from './listeners/url-policy.js'
import { normaliseFilters } from './listeners/filters.js'

export type { AddListenerScope, WebhookEngine, WebhookEngineOptions } from './engine-api.js'

export async function createWebhookEngine(options: WebhookEngineOptions): Promise<WebhookEngine> {
  const { sql } = options
  const now = options.now ?? Date.now
  const log = options.log ?? consoleLog
  const engineId = randomUUID()
  await prepareWebhookTables(sql)
  const index = new MatchingIndex()
  const listeners = new ListenerMirror(sql, index, (listenerId) => worker.abortListener(listenerId), log)
  const sender: Sender = options.fetch
    ? createFetchSender(options.fetch)
    : createHttpSender(options.allowPrivateTargets)
  const attemptTimeoutMs = options.attemptTimeoutMs ?? 10_000
  const openTelemetry = await loadOpenTelemetry()
  const telemetry = openTelemetry
    ? deliveryTelemetry(openTelemetry, sql, () => index.listenerCount, now)
    : noDeliveryTelemetry
  const worker = new DeliveryWorker({
    sql,
    engineId,
    sender,
    log,
    now,
    retry: { ...DEFAULT_RETRY_POLICY, ...options.retry },
    attemptTimeoutMs,
    concurrency: options.concurrency ?? 16,
    perListenerConcurrency: options.perListenerConcurrency ?? 4,
    idlePollMs: options.idlePollMs ?? 1_000,
    maySend: () => presence.alive,
    telemetry,
    async onGone(listenerId) {
      listeners.remove(listenerId)
      await sql.transaction((tx) => disable(tx, listenerId, 'receiver answered 410 Gone'))
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
        )
        return true
      })
      if (disabled) listeners.remove(listenerId)
    },
  })
  const disableFailingAfterMs = options.disableFailingListenersAfterMs ?? DEFAULT_DISABLE_FAILING_AFTER_MS
  async function disable(tx: Sql, listenerId: string, reason: string) {
    await disableListener(tx, listenerId, reason, now())
    await cancelListenerDeliveries(tx, listenerId, `listener disabled: ${reason}`, now())
    await announceListenerChange(tx, listenerId)
  }
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
    await listeners.refresh(record.id)
    worker.wake()
    return result
  }
  const sink: LogSink = {
    async enqueue(tx, chainId, logs) {
      const validate = options.validatePayload ?? validateWebhookPayload
      const uids = await enqueueMatchingLogs(tx, index, validate, chainId, logs, now())
      if (uids.length > 0) await announceQueuedDeliveries(tx)
      return uids
    },
    committed: () => worker.wake(),
  }
  await listeners.load()
  const notifications = await sql.listen?.([LISTENER_CHANNEL, OUTBOX_CHANNEL], {
    onNotify: (channel, payload) => (channel === LISTENER_CHANNEL ? void listeners.refresh(payload) : worker.wake()),
    onReconnect() {
      // The new connection's backend, and a heartbeat, before anything else; then what was missed.
      void presence.renew().catch(() => undefined)
      void listeners.reconcile()
    },
  })
  const presence = new EnginePresence({
    sql,
    engineId,
    now,
    livenessMs: options.livenessMs ?? DEFAULT_LIVENESS_MS,
    backendPid: () => notifications?.backendPid,
    onLapsed: () => worker.abortAll(),
    log,
  })
  await presence.start()
  const reconcileTimer = setInterval(
    () => void listeners.reconcile(),
    options.listenerReconcileMs ?? (notifications ? 30_000 : 1_000),
  )
  reconcileTimer.unref()
  const sources: EventSource[] = [
    ...(options.chains ?? []).map((config) => new ChainFollower(sql, config, sink, now, log, engineId)),
    ...(options.sources ?? []).map((create) => create(sql, sink, log)),
  ]
  const maxListeners = options.maxListenersPerProject ?? 1_000

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
      listeners.add(record)
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
      listeners.remove(record.id)
      await sql.transaction(async (tx) => {
        await markListenerRemoved(tx, record.id, now())
        await cancelListenerDeliveries(tx, record.id, 'listener removed', now())
        await announceListenerChange(tx, record.id)
      })
      // Other engines abort their requests to it on the notification; acknowledge once none is left.
      await waitForAttemptsInFlight(sql, record.id, engineId, now, attemptTimeoutMs + LEASE_MARGIN_MS)
      return true
    }),

    ingest: answeringSpecErrors(async (chainId, log) => {
      if (!Number.isSafeInteger(chainId) || chainId <= 0) throw invalidArgument('chainId', 'not a positive integer')
      const problem = sourceLogProblem(log)
      if (problem) throw new Problem('invalid-argument', problem)
      const uids = await sql.transaction((tx) => sink.enqueue(tx, chainId, [log]))
      if (uids.length) sink.committed()
      return { uids }
    }),

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

    async start() {
      worker.start()
      for (const source of sources) source.start()
    },

    async stop() {
      clearInterval(reconcileTimer)
      await Promise.all(sources.map((source) => source.stop()))
      await worker.stop()
      await notifications?.close()
      telemetry.close()
      await presence.stop().catch((error: unknown) => log('could not unregister the engine', error))
    },
  }
}

function resendRefused(uid: string, listenerId: string, refusal: ResendRefusal): Problem {
  if (refusal === 'unknown') return new Problem('not-found', `delivery ${uid} of listener ${listenerId} not found`)
  const why = refusal === 'reorged' ? 'its block was dropped by a reorg' : 'its payload failed its JSON Schema'
  return invalidArgument('uid', `delivery ${uid} cannot be sent: ${why}`)
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
