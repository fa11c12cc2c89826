import type { Log } from '../../../observability/log.js'
import type { Sql } from '../../../store/sql.js'
import { LEASE_MARGIN_MS, type DeliveryWorker } from '../delivery/delivery.js'
import { LISTENER_CHANNEL, OUTBOX_CHANNEL } from '../listeners/listener-changes.js'
import type { ListenerMirror } from '../listeners/listener-mirror.js'
import { DEFAULT_LIVENESS_MS, EnginePresence, waitForAttemptsInFlight } from './engine-presence.js'

export interface ClusterMembershipOptions {
  sql: Sql
  engineId: string
  now: () => number
  log: Log
  livenessMs: number | undefined
  listenerReconcileMs: number | undefined
  attemptTimeoutMs: number
  mirror: ListenerMirror
  worker: Pick<DeliveryWorker, 'wake' | 'abortAll'>
}

/** This engine among the engines sharing its database: their notifications, its heartbeat, their requests. */
export interface ClusterMembership {
  /** True while this engine's heartbeat is current: other engines count it as alive, so it may send. */
  readonly alive: boolean
  /** Resolves once no live engine has an attempt in flight to the listener, or after an attempt's longest lease. */
  attemptsEnded(listenerId: string): Promise<void>
  stopReconciling(): void
  unsubscribe(): Promise<void>
  /** Deletes this engine's row: from then on other engines do not wait for its requests. */
  leave(): Promise<void>
}

/**
 * Subscribes to the listener and outbox notifications, registers this engine with its heartbeat, and
 * reconciles the listener copy periodically as a safety net under the notifications.
 */
export async function joinCluster(options: ClusterMembershipOptions): Promise<ClusterMembership> {
  const { sql, engineId, now, log, mirror, worker } = options
  const notifications = await sql.listen?.([LISTENER_CHANNEL, OUTBOX_CHANNEL], {
    onNotify: (channel, payload) => (channel === LISTENER_CHANNEL ? void mirror.refresh(payload) : worker.wake()),
    onReconnect() {
      // The new connection's backend, and a heartbeat, before anything else; then what was missed.
      void presence.renew().catch(() => undefined)
      void mirror.reconcile()
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
    () => void mirror.reconcile(),
    options.listenerReconcileMs ?? (notifications ? 30_000 : 1_000),
  )
  reconcileTimer.unref()

  return {
    get alive() {
      return presence.alive
    },
    attemptsEnded: (listenerId) =>
      waitForAttemptsInFlight(sql, listenerId, engineId, now, options.attemptTimeoutMs + LEASE_MARGIN_MS),
    stopReconciling: () => clearInterval(reconcileTimer),
    unsubscribe: async () => {
      await notifications?.close()
    },
    leave: () => presence.stop().catch((error: unknown) => log('could not unregister the engine', error)),
  }
}
