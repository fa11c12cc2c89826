import { randomUUID } from 'node:crypto'
import { consoleLog } from '../../observability/log.js'
import { answeringDocumentedErrors } from '../../values/documented-error.js'
import { eventSources } from './chain/event-sources.js'
import { injectedBlockOperations } from './chain/injected-blocks.js'
import { matchingLogSink } from './chain/log-sink.js'
import { joinCluster } from './cluster/cluster-membership.js'
import { configuredDeliveryWorker, DEFAULT_ATTEMPT_TIMEOUT_MS } from './delivery/configured-worker.js'
import { openDeliveryTelemetry } from './delivery/delivery-telemetry.js'
import { listenerDisabling } from './delivery/listener-disabling.js'
import type { WebhookEngine, WebhookEngineOptions } from './engine-api.js'
import { engineLifecycle } from './engine-lifecycle.js'
import { ListenerMirror } from './listeners/listener-mirror.js'
import { MatchingIndex } from './matching/matching-index.js'
import { deliveryOperations } from './operations/delivery-operations.js'
import { ingestOperation } from './operations/ingest-operation.js'
import { listenerOperations } from './operations/listener-operations.js'
import { DEFAULT_HISTORY_RETENTION_MS, historyRetention } from './store/history-retention.js'
import { prepareWebhookTables } from './store/store-schema.js'

export type { AddListenerScope, WebhookEngine, WebhookEngineOptions } from './engine-api.js'

/** The engine's parts, each made after the parts it uses, from the store up (src/webhook/README.md). */
export async function createWebhookEngine(options: WebhookEngineOptions): Promise<WebhookEngine> {
  const { sql } = options
  const now = options.now ?? Date.now
  const log = options.log ?? consoleLog
  const engineId = randomUUID()
  const attemptTimeoutMs = options.attemptTimeoutMs ?? DEFAULT_ATTEMPT_TIMEOUT_MS
  await prepareWebhookTables(sql)

  const index = new MatchingIndex()
  const mirror = new ListenerMirror(sql, index, log)
  const telemetry = await openDeliveryTelemetry(sql, () => index.listenerCount, now)
  const worker = configuredDeliveryWorker(options, {
    sql,
    engineId,
    log,
    now,
    attemptTimeoutMs,
    telemetry,
    ...listenerDisabling({ sql, now, mirror, disableFailingAfterMs: options.disableFailingAfterMs }),
  })
  mirror.whenLeaving(
    (listenerId, committed) => worker.listenerLeaving(listenerId, committed),
    (listenerId, leavingCommitted) => worker.listenerStays(listenerId, leavingCommitted),
  )
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
  const historyRetentionMs = options.historyRetentionMs ?? DEFAULT_HISTORY_RETENTION_MS
  const history = historyRetention({ sql, log, retentionMs: historyRetentionMs })
  const sink = matchingLogSink({ index, validatePayload: options.validatePayload, worker })
  const sources = eventSources({ sql, engineId, now, log, sink, chains: options.chains, sources: options.sources })

  // Every operation a caller reaches answers docs/errors.md's errors: its Problems are mapped here, once.
  const operations = answeringDocumentedErrors({
    ...listenerOperations({
      sql,
      now,
      allowPrivateTargets: options.allowPrivateTargets,
      maxListenersPerProject: options.maxListenersPerProject,
      mirror,
      cluster,
    }),
    ingest: ingestOperation(sql, sink),
    ...injectedBlockOperations(sql, sink, now),
    ...deliveryOperations({ sql, now, mirror, worker, historyRetentionMs }),
  })
  return {
    get activeListeners() {
      return index.listenerCount
    },
    ...operations,
    ...engineLifecycle({ worker, sources, cluster, telemetry, history }),
  }
}
