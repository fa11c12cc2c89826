import type { EventSource } from './chain/event-source.js'
import type { ClusterMembership } from './cluster/cluster-membership.js'
import type { DeliveryWorker } from './delivery/delivery.js'
import type { DeliveryTelemetry } from './delivery/delivery-telemetry.js'
import type { WebhookEngine } from './engine-api.js'
import type { HistoryRetention } from './store/history-retention.js'

export interface EngineLifecycleParts {
  worker: DeliveryWorker
  sources: EventSource
  cluster: ClusterMembership
  telemetry: DeliveryTelemetry
  history: HistoryRetention
}

/** Starting and stopping an opened engine, in their order. */
export function engineLifecycle({
  worker,
  sources,
  cluster,
  telemetry,
  history,
}: EngineLifecycleParts): Pick<WebhookEngine, 'start' | 'stop'> {
  return {
    async start() {
      worker.start(() => cluster.alive)
      sources.start()
      history.start()
    },

    // Leaving the cluster comes after the worker has stopped: until then a removal on another engine waits
    // for this engine's requests in flight.
    async stop() {
      cluster.stopReconciling()
      await history.stop()
      await sources.stop()
      await worker.stop()
      await cluster.unsubscribe()
      telemetry.close()
      await cluster.leave()
    },
  }
}
