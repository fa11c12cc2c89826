import type { Log } from '../../../observability/log.js'
import type { Sql } from '../../../store/sql.js'
import type { SourceLog } from '../delivery/payload.js'

/**
 * Where logs come from. Every source hands logs to the same sink, inside its own transaction, so
 * matching, payloads and the outbox are one pipeline: the JSON-RPC follower (follower.ts) is a
 * source, and the local ingestion path (WebhookEngine.ingest) calls the sink directly.
 */
export interface EventSource {
  start(): void
  stop(): Promise<void>
}

export interface LogSink {
  /** Matches the logs and queues their deliveries in the caller's transaction `tx`; returns the uids queued. */
  enqueue(tx: Sql, chainId: number, logs: SourceLog[]): Promise<string[]>
  /** Call after that transaction committed, so the delivery worker looks at the outbox now. */
  committed(): void
}

/** Builds an extra source once the engine's sink exists; `log` is the engine's, for the source's failures. */
export type EventSourceFactory = (sql: Sql, sink: LogSink, log: Log) => EventSource
