import type { Log } from '../../../observability/log.js'
import type { Sql } from '../../../store/sql.js'
import type { Sender, SendResult } from './http-sender.js'
import { claimDueDeliveries, msUntilLaterRowDue, type ClaimedDelivery } from './outbox.js'
import { recordAttemptOutcomes, type AttemptOutcome } from './attempts.js'
import { ListenerGate } from './listener-gate.js'
import { ListenerHealth } from './listener-health.js'
import { OutcomeWriter } from './outcome-writer.js'
import { MAX_RETRY_AFTER_MS, parseRetryAfter, retryDelayMs, type RetryPolicy } from './retry-schedule.js'
import { webhookHeaders } from './signature.js'
import type { DeliveryTelemetry } from './delivery-telemetry.js'

export interface DeliveryWorkerOptions {
  sql: Sql
  /** This engine's id: its leases on outbox rows carry it. */
  engineId: string
  sender: Sender
  retry: RetryPolicy
  attemptTimeoutMs: number
  concurrency: number
  /** Requests in flight to one listener at most. */
  perListenerConcurrency: number
  /** Longest sleep between looks at the outbox when nothing is due. */
  idlePollMs: number
  now: () => number
  /** Called when a receiver answers 410 Gone. */
  onGone: (listenerId: string) => Promise<void>
  /** Called once a failed attempt is recorded: the listener may have failed long enough to be disabled. */
  onFailed: (listenerId: string) => Promise<void>
  /** Where every failed attempt and every store failure of the worker goes. */
  log: Log
  telemetry: DeliveryTelemetry
}

/** A claimed row is retried after attemptTimeoutMs + this if its process died before recording the attempt. */
export const LEASE_MARGIN_MS = 2_000

/** Why a request was aborted: the engine stops (the row stays due), or its listener left (cancelled). */
const STOPPING = 'engine stopping'
const LISTENER_LEFT = 'listener removed or disabled'
const LAPSED = 'engine heartbeat lapsed'

/** Sends due outbox rows, at most `concurrency` at a time, and records every attempt. */
export class DeliveryWorker {
  private running = false
  private maySend: () => boolean = () => false
  private inFlight = new Set<Promise<void>>()
  /** Outcomes of answered attempts not yet written; their rows stay leased to this engine meanwhile. */
  private recordings = new Set<Promise<void>>()
  private controllersByListener = new Map<string, Set<AbortController>>()
  private wakeUp: (() => void) | undefined
  /** A wake() that came while the loop was busy: the next sleep returns at once. */
  private wokenWhileBusy = false
  private loop: Promise<void> | undefined
  /** Rows were queued since the last claim: they may belong to a listener with nothing in flight here. */
  private rowsQueued = false
  private readonly outcomes: OutcomeWriter
  private readonly health = new ListenerHealth()
  private readonly gate = new ListenerGate()

  constructor(private readonly options: DeliveryWorkerOptions) {
    this.outcomes = new OutcomeWriter(async (batch) => {
      await recordAttemptOutcomes(options.sql, options.engineId, batch, options.now())
      await this.health.record(options.sql, batch, options.now())
    })
  }

  /** Starts sending; `maySend` is false while the engine may not send (its heartbeat lapsed): nothing is claimed meanwhile. */
  start(maySend: () => boolean): void {
    if (this.running) return
    this.maySend = maySend
    this.running = true
    this.loop = this.run()
  }

  async stop(): Promise<void> {
    this.running = false
    this.wake()
    await this.loop
    for (const controllers of this.controllersByListener.values())
      for (const controller of controllers) controller.abort(STOPPING)
    await Promise.allSettled(this.inFlight)
    await Promise.allSettled(this.recordings)
  }

  /** New rows are due now: look at the outbox without waiting for the idle poll. */
  wake(): void {
    this.rowsQueued = true
    this.rouse()
  }

  private rouse(): void {
    this.wokenWhileBusy = true
    this.wakeUp?.()
  }

  /**
   * A listener leaves (removed or disabled): nothing more is sent to it, and its requests in flight are aborted
   * (RemoveWebhookListener stops them at once). `committed` once the store holds the change (ListenerGate).
   */
  listenerLeaving(listenerId: string, committed: boolean): void {
    this.gate.close(listenerId, committed)
    for (const controller of this.controllersByListener.get(listenerId) ?? []) controller.abort(LISTENER_LEFT)
  }

  /**
   * A listener is active again: re-enabled after a leaving that committed, or a leaving that did not commit taken
   * back (`leavingCommitted` false). A leaving still being written keeps the gate closed whatever a read showed.
   */
  listenerStays(listenerId: string, leavingCommitted: boolean): void {
    this.gate.open(listenerId, leavingCommitted)
  }

  /**
   * Aborts every request in flight, the rows staying due: other engines may no longer count this one as
   * alive, so a removal would not wait for these requests.
   */
  abortAll(): void {
    for (const controllers of this.controllersByListener.values())
      for (const controller of controllers) controller.abort(LAPSED)
  }

  private async run(): Promise<void> {
    while (this.running) {
      // Claim in batches (a quarter of the slots) rather than one row per finished request.
      // Unwritten outcomes beyond one per slot hold slots too, so a slow store slows the sending down.
      const backlog = Math.max(0, this.recordings.size - this.options.concurrency)
      const slots = this.options.concurrency - this.inFlight.size - backlog
      const batch = slots >= Math.min(this.inFlight.size, Math.ceil(this.options.concurrency / 4))
      // Between batches, rows just queued for a listener with nothing in flight here take a free slot at once:
      // when slow receivers hold every other slot, a fast one's new delivery does not wait for a batch to free.
      const idleListenersOnly = !batch && slots > 0 && this.rowsQueued
      let free = batch || idleListenersOnly ? slots : 0
      let claimed: ClaimedDelivery[] = []
      let moreReady = false
      try {
        if (!this.maySend()) free = 0
        if (free > 0) {
          this.rowsQueued = false
          const claimNumber = this.gate.claimBegins()
          const claim = await claimDueDeliveries(
            this.options.sql,
            this.options.engineId,
            this.options.attemptTimeoutMs + LEASE_MARGIN_MS,
            {
              limit: free,
              perListener: idleListenersOnly ? 1 : this.options.perListenerConcurrency,
              inFlight: new Map(
                [...this.controllersByListener].map(([listenerId, controllers]) => [listenerId, controllers.size]),
              ),
            },
          )
          claimed = claim.deliveries
          moreReady = claim.moreReady
          for (const delivery of claimed) this.track(this.attempt(delivery))
          this.gate.claimEnded(claimNumber)
        }
      } catch (error) {
        // The store is unavailable (or closing): try again after the idle poll.
        if (this.running) this.options.log('could not claim webhook deliveries; retrying', error)
        free = 0
      }
      if ((claimed.length === free || moreReady) && free > 0 && !idleListenersOnly) continue
      // Fewer rows than slots, every listener ready now visited: every row due now is taken, or belongs to a
      // listener at its cap here (a finished request wakes the loop) or to another engine's claim. What wakes it
      // otherwise: a row queued (wake, or a notification from another engine), or the next row not due yet
      // falling due.
      await this.sleep(free === 0 ? this.options.idlePollMs : await this.untilLaterRowDue())
    }
  }

  private track(work: Promise<void>): void {
    const tracked = work
      .catch((error: unknown) => this.options.log('a webhook delivery attempt failed to run', error))
      .finally(() => {
        this.inFlight.delete(tracked)
        this.rouse()
      })
    this.inFlight.add(tracked)
  }

  private trackRecording(work: Promise<void>): void {
    const tracked = work
      .catch((error: unknown) => this.options.log('could not record a webhook delivery attempt', error))
      .finally(() => {
        this.recordings.delete(tracked)
        if (this.recordings.size >= this.options.concurrency) this.rouse()
      })
    this.recordings.add(tracked)
  }

  private async untilLaterRowDue(): Promise<number> {
    const due = await msUntilLaterRowDue(this.options.sql).catch((error: unknown) => {
      // The store is unavailable (or closing): look again after the idle poll.
      if (this.running) this.options.log('could not read when the next webhook delivery is due', error)
      return undefined
    })
    if (due === undefined) return this.options.idlePollMs
    return Math.max(0, Math.min(this.options.idlePollMs, due))
  }

  private sleep(ms: number): Promise<void> {
    if (this.wokenWhileBusy) {
      this.wokenWhileBusy = false
      return Promise.resolve()
    }
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer)
        this.wakeUp = undefined
        this.wokenWhileBusy = false
        resolve()
      }
      const timer = setTimeout(done, ms)
      this.wakeUp = done
    })
  }

  private async attempt(delivery: ClaimedDelivery): Promise<void> {
    const { now } = this.options
    // Checked before anything is awaited: every row of a claim passes here before the claim counts as ended.
    if (!this.gate.isOpen(delivery.listenerId)) return this.withheld(delivery)
    const controller = new AbortController()
    const controllers = this.controllersByListener.get(delivery.listenerId) ?? new Set()
    controllers.add(controller)
    this.controllersByListener.set(delivery.listenerId, controllers)
    const startedAt = now()
    const headers = webhookHeaders(delivery.secret, delivery.uid, Math.floor(startedAt / 1000), delivery.body)
    const result = await this.options.telemetry.send(delivery, () =>
      this.options.sender(delivery.url, headers, delivery.body, this.options.attemptTimeoutMs, controller.signal),
    )
    controllers.delete(controller)
    if (controllers.size === 0) this.controllersByListener.delete(delivery.listenerId)
    // The gate closes on the answer, before its outcome is written: no row claimed meanwhile is sent.
    if (result.status === 410 && !controller.signal.aborted) this.gate.close(delivery.listenerId, false)
    const finishedAt = now()
    const error =
      result.error ??
      (result.status !== undefined && (result.status < 200 || result.status >= 300)
        ? describeStatus(result.status, result.location)
        : undefined)
    const attempt = {
      uid: delivery.uid,
      listenerId: delivery.listenerId,
      attempt: delivery.attempt,
      at: startedAt,
      status: result.status,
      error,
      durationMs: finishedAt - startedAt,
    }
    const abortReason = controller.signal.aborted ? String(controller.signal.reason) : undefined
    const outcome = this.outcome(delivery, result, error, finishedAt, abortReason)
    this.options.telemetry.finished(outcome, finishedAt - startedAt)
    if (error !== undefined && abortReason === undefined) this.logFailedAttempt(delivery, error, outcome)
    // The slot frees once the receiver answered; the row stays leased until its outcome is written.
    const receiverHealthy = abortReason === undefined ? error === undefined : undefined
    const gone = result.status === 410 && abortReason === undefined
    this.trackRecording(
      this.outcomes.record({ attempt, outcome, receiverHealthy }).then(
        async () => {
          if (gone) await this.options.onGone(delivery.listenerId)
          else if (receiverHealthy === false) await this.options.onFailed(delivery.listenerId)
        },
        (error: unknown) => {
          // Nothing of the 410 was written: the row is sent again once its lease ends, and meets the 410 again.
          if (gone) this.gate.open(delivery.listenerId, false)
          throw error
        },
      ),
    )
  }

  /** A claimed row of a listener that left: recorded as cancelled, never sent. */
  private async withheld(delivery: ClaimedDelivery): Promise<void> {
    const at = this.options.now()
    const attempt = {
      uid: delivery.uid,
      listenerId: delivery.listenerId,
      attempt: delivery.attempt,
      at,
      status: undefined,
      error: undefined,
      durationMs: 0,
    }
    const outcome = { state: 'cancelled', error: `not sent: ${LISTENER_LEFT}` } as const
    this.trackRecording(this.outcomes.record({ attempt, outcome, receiverHealthy: undefined, sent: false }))
  }

  private logFailedAttempt(delivery: ClaimedDelivery, error: string, outcome: AttemptOutcome): void {
    const next =
      'retryAt' in outcome
        ? `next attempt at ${new Date(outcome.retryAt).toISOString()}`
        : `no further attempt (${outcome.state})`
    this.options.log(
      `webhook delivery ${delivery.uid} (listener ${delivery.listenerId}) attempt ${delivery.attempt} failed; ${next}`,
      error,
    )
  }

  private outcome(
    delivery: ClaimedDelivery,
    result: SendResult,
    error: string | undefined,
    finishedAt: number,
    abortReason: string | undefined,
  ): AttemptOutcome {
    const { retry } = this.options
    if (abortReason === STOPPING) return { retryAt: finishedAt, error: 'engine stopped during the attempt' }
    if (abortReason === LAPSED) return { retryAt: finishedAt, error: 'engine heartbeat lapsed during the attempt' }
    if (abortReason !== undefined) return { state: 'cancelled', error: abortReason }
    if (error === undefined) return { state: 'delivered' }
    if (result.status === 410) return { state: 'failed', error: 'receiver answered 410 Gone: listener disabled' }
    if (delivery.scheduledAttempt >= retry.maxAttempts)
      return { state: 'failed', error: `gave up after ${delivery.scheduledAttempt} attempts: ${error}` }
    const requested = parseRetryAfter(result.retryAfter, finishedAt)
    const delay =
      requested === undefined ? retryDelayMs(retry, delivery.scheduledAttempt) : Math.min(requested, MAX_RETRY_AFTER_MS)
    return { retryAt: finishedAt + delay, error }
  }
}

function describeStatus(status: number, location: string | undefined): string {
  if (status >= 300 && status < 400) return `HTTP ${status}: redirect${location ? ` to ${location}` : ''} not followed`
  return `HTTP ${status}`
}
