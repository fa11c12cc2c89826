import type { AddWebhookListenerArgs, RemoveWebhookListenerArgs, WebhookListener } from '../../../gen/indexer.gen.js'
import type { Log } from '../../observability/log.js'
import type { ProjectId } from '../../values/project-id.js'
import type { Sql } from '../../store/sql.js'
import type { PayloadValidator } from '../receiver/payload-validator.js'
import type { ChainFollowerConfig } from './chain/follower.js'
import type { EventSourceFactory } from './chain/event-source.js'
import type { InjectedBlock, InjectedLog, InjectedReorg } from './chain/injected-blocks.js'
import type { DeliveryReport } from './delivery/delivery-report.js'
import type { SourceLog } from './delivery/payload.js'
import type { DeliverySettings } from './delivery/delivery-settings.js'
import type { AddListenerScope } from './listeners/listener-requests.js'

export type { InjectedBlock, InjectedLog, InjectedReorg } from './chain/injected-blocks.js'
export type { AddListenerScope } from './listeners/listener-requests.js'

export interface WebhookEngineOptions extends DeliverySettings {
  sql: Sql
  now?: () => number
  /** Checks each payload before it is queued; default: the WebhookPayload JSON Schema (src/validate). */
  validatePayload?: PayloadValidator
  attemptTimeoutMs?: number
  /** EVM chains to follow over JSON-RPC. */
  chains?: ChainFollowerConfig[]
  /** Further event sources, fed into the same pipeline. */
  sources?: EventSourceFactory[]
  /** Active listeners one project may have (default 1,000); more is ProjectLimitReached. */
  maxListenersPerProject?: number
  /**
   * How often the listener copy is reconciled with the table, as a safety net under the notifications
   * that carry changes made by other engines on the database (default 30 s; 1 s on a store without them).
   */
  listenerReconcileMs?: number
  /**
   * How long this engine counts as alive for the others after its last heartbeat (default 5 s, renewed every
   * fifth of it): a removal waits for a live engine's requests to the listener, and an engine whose heartbeat
   * lapses aborts its requests and sends nothing until it is renewed.
   */
  livenessMs?: number
  /**
   * A listener all of whose attempts have failed for this long is disabled, the reason in its deliveries
   * report (default 5 days, as Svix). Its owner brings it back with recoverDeliveries or resendDelivery.
   */
  disableFailingAfterMs?: number
  /**
   * How long finished deliveries (delivered, failed, cancelled, reorged) and their attempts are kept (default
   * 30 days); they are removed within a day after that. A pending delivery is kept until it finishes.
   */
  historyRetentionMs?: number
  /**
   * Where failures that belong to no request go (a failed delivery attempt or chain poll, a lost
   * notification connection, a failed write); the engine hands it to its delivery worker and followers.
   */
  log?: Log
}

/**
 * The chain of the route a call about a listener came through (`<network>-indexer`). A sharded engine
 * (shards/sharded-engine.ts) sends the call to that chain's database; one engine on one database needs none.
 */
export interface ListenerCallScope {
  chainId?: number
}

export interface WebhookEngine {
  addListener(projectId: ProjectId, args: AddWebhookListenerArgs, scope?: AddListenerScope): Promise<WebhookListener>
  removeListener(projectId: ProjectId, args: RemoveWebhookListenerArgs, scope?: ListenerCallScope): Promise<boolean>
  /** The owner's view of one active listener, as AddWebhookListener returned it without its secret. */
  getListener(projectId: ProjectId, listenerId: string, scope?: ListenerCallScope): Promise<WebhookListener>
  /** The local ingestion path: one raw log with its block facts in, the uids queued for it out. */
  ingest(chainId: number, log: SourceLog): Promise<{ uids: string[] }>
  /**
   * Appends a made-up block of these logs to the chain (each log a transaction of its own), through the steps
   * a followed chain's blocks take: for tests and local mode, on a chain no engine follows over JSON-RPC.
   */
  injectBlock(chainId: number, logs: InjectedLog[]): Promise<InjectedBlock>
  /** Drops the chain's newest `depth` blocks as a reorg does: BLOCK_REMOVED for what receivers may have applied. */
  reorgInjectedBlocks(chainId: number, depth: number): Promise<InjectedReorg>
  /** Listeners this engine matches logs against: its copy of the active ones in the database. */
  readonly activeListeners: number
  /** The owner's view of a listener's deliveries and attempts. */
  listDeliveries(
    projectId: ProjectId,
    listenerId: string,
    limit?: number,
    scope?: ListenerCallScope,
  ): Promise<DeliveryReport>
  /**
   * Sends one delivery again (delivered, failed or cancelled): a new attempt now with the same webhook-id, its
   * retries starting over. A disabled listener is made active again. Resolves to false if it was still pending.
   */
  resendDelivery(projectId: ProjectId, listenerId: string, uid: string, scope?: ListenerCallScope): Promise<boolean>
  /**
   * Sends again every delivery of the listener queued since `since` that failed or was cancelled when the
   * listener was disabled (Svix's "recover failed messages since"); a disabled listener is made active again.
   * Resolves to how many were requeued.
   */
  recoverDeliveries(projectId: ProjectId, listenerId: string, since: Date, scope?: ListenerCallScope): Promise<number>
  start(): Promise<void>
  stop(): Promise<void>
}
