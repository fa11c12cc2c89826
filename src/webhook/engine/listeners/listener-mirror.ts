import type { Log } from '../../../observability/log.js'
import type { Sql } from '../../../store/sql.js'
import { activeListenerPages, findListener, loadActiveListenerIds, type MirroredListener } from './listener-store.js'
import { subscriptionsOf } from './listener-subscriptions.js'
import type { MatchingIndex } from '../matching/matching-index.js'

/**
 * This engine's copy of the active listeners (the matching index and their ids), kept equal to the
 * database: changes announced by any engine are applied one at a time, in order, and a reconciliation
 * against the table repairs whatever a lost notification left out. Only what matching needs is kept: with a
 * million listeners, their urls, secrets and filters as stored would be most of the engine's memory.
 */
export class ListenerMirror {
  private readonly active = new Set<string>()
  private queue: Promise<void> = Promise.resolve()
  private readonly leaving: ((listenerId: string, committed: boolean) => void)[] = []
  private readonly staying: ((listenerId: string, leavingCommitted: boolean) => void)[] = []

  constructor(
    private readonly sql: Sql,
    private readonly index: MatchingIndex,
    private readonly log: Log,
  ) {}

  /**
   * Calls `onLeave` whenever a listener leaves (the delivery worker stops sending to it), with `committed` true
   * once the store holds the change; `onStay` when it is active again: re-enabled (after a leaving that committed)
   * or a leaving that did not commit taken back.
   */
  whenLeaving(
    onLeave: (listenerId: string, committed: boolean) => void,
    onStay: (listenerId: string, leavingCommitted: boolean) => void,
  ): void {
    this.leaving.push(onLeave)
    this.staying.push(onStay)
  }

  add(listener: MirroredListener): void {
    if (this.active.has(listener.id)) return
    this.active.add(listener.id)
    this.index.add(subscriptionsOf(listener))
    for (const onStay of this.staying) onStay(listener.id, true)
  }

  /** The listener leaves; `committed` false while the change that removes or disables it is still being written. */
  remove(listenerId: string, committed = true): void {
    if (this.active.delete(listenerId)) this.index.remove(listenerId)
    for (const onLeave of this.leaving) onLeave(listenerId, committed)
  }

  /** A removal or disabling begun with remove(id, false) did not commit: the listener is as the database has it. */
  async restore(listenerId: string): Promise<void> {
    for (const onStay of this.staying) onStay(listenerId, false)
    await this.refresh(listenerId)
  }

  /** Loads every active listener; for a new engine. */
  async load(): Promise<void> {
    for await (const page of activeListenerPages(this.sql)) for (const listener of page) this.add(listener)
  }

  /** A listener changed somewhere: read its state now. */
  refresh(listenerId: string): Promise<void> {
    return this.serially(async () => {
      const record = await findListener(this.sql, listenerId)
      if (record?.active && record.removedAt === undefined) this.add(record)
      else this.remove(listenerId)
    }, `could not refresh webhook listener ${listenerId}`)
  }

  /** Brings the whole copy in line with the table (after a lost subscription, and periodically). */
  reconcile(): Promise<void> {
    return this.serially(async () => {
      const ids = new Set(await loadActiveListenerIds(this.sql))
      for (const id of this.active) if (!ids.has(id)) this.remove(id)
      for (const id of ids) {
        if (this.active.has(id)) continue
        const record = await findListener(this.sql, id)
        if (record?.active && record.removedAt === undefined) this.add(record)
      }
    }, 'could not reconcile webhook listeners with the database')
  }

  private serially(work: () => Promise<void>, failure: string): Promise<void> {
    this.queue = this.queue.then(work).catch((error: unknown) => this.log(failure, error))
    return this.queue
  }
}
