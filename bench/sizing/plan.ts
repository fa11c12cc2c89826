import type { DeliveryCosts, ListenerCosts } from './unit-costs.js'

/** What one chain asks of the engines and the database. */
export interface ChainLoad {
  logsPerSecond: number
  deliveriesPerSecond: number
  listeners: number
}

/** How busy a planned machine may be, and how large a database server is. */
export interface Headroom {
  /** Share of a core an engine process (one JavaScript thread) may use, and of a database server's cores. */
  utilisation: number
  databaseCores: number
  retentionDays: number
}

export interface ChainPlan {
  engineCores: number
  engines: number
  engineRssBytes: number
  postgresCores: number
  /** Database servers of `databaseCores` for this chain alone (a fraction: chains share one). */
  databases: number
  walBytesPerSecond: number
  storageBytes: number
}

/** A figure measured at the baseline and at the target listener count, read at `listeners` on the line between. */
function between(listeners: number, costs: ListenerCosts, atBaseline: number, atTarget: number): number {
  const { baselineListeners, listeners: target } = costs
  if (listeners < baselineListeners || listeners > target)
    throw new Error(
      `listeners: ${listeners} is outside the measured range ${baselineListeners}–${target}; measure that count`,
    )
  const share = target === baselineListeners ? 1 : (listeners - baselineListeners) / (target - baselineListeners)
  return atBaseline + (atTarget - atBaseline) * share
}

/**
 * Engines, database CPU, WAL and storage for one chain. Engine CPU: every log of the chain through matching (the
 * rate of logs that match nothing) plus each delivery's measured cost, which holds its own match and payload.
 */
export function planChain(load: ChainLoad, delivery: DeliveryCosts, listeners: ListenerCosts, headroom: Headroom) {
  const logsPerCpuSecond = between(
    load.listeners,
    listeners,
    listeners.baselineUnwatchedLogsPerCpuSecond,
    listeners.unwatchedLogsPerCpuSecond,
  )
  const engineCores =
    load.logsPerSecond / logsPerCpuSecond + (load.deliveriesPerSecond * delivery.engineCpuMicros) / 1e6
  const postgresCores = (load.deliveriesPerSecond * delivery.postgresCpuMicros) / 1e6
  const plan: ChainPlan = {
    engineCores,
    engines: Math.max(1, Math.ceil(engineCores / headroom.utilisation)),
    engineRssBytes: between(load.listeners, listeners, listeners.baselineRssBytes, listeners.rssBytes),
    postgresCores,
    databases: postgresCores / (headroom.databaseCores * headroom.utilisation),
    walBytesPerSecond: load.deliveriesPerSecond * delivery.walBytes,
    storageBytes: load.deliveriesPerSecond * 86_400 * headroom.retentionDays * delivery.keptBytes,
  }
  return plan
}
