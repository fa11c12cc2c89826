import type { Sql } from '../store/sql.js'
import type { Sender, SendResult } from './http-sender.js'
import { claimDueDeliveries, finishDelivery, nextDueTime, type ClaimedDelivery } from './outbox.js'
import { recordAttemptOutcome, type AttemptOutcome } from './attempts.js'
import { MAX_RETRY_AFTER_MS, parseRetryAfter, retryDelayMs, type RetryPolicy } from './retry-schedule.js'
import { webhookHeaders } from './signature.js'

export interface DeliveryTarget {
  url: string
  secret: string
}

export interface DeliveryWorkerOptions {
  sql: Sql
  sender: Sender
  retry: RetryPolicy
  attemptTimeoutMs: number
  concurrency: number
  /** Requests in flight to one listener at most. */
  perListenerConcurrency: number
  /** Longest sleep between looks at the outbox when nothing is due. */
  idlePollMs: number
  now: () => number
  /** The active listener's target, or undefined when it was removed or disabled. */
  target: (listenerId: string) => DeliveryTarget | undefined
  /** Called when a receiver answers 410 Gone. */
  onGone: (listenerId: string) => Promise<void>
}

/** A claimed row is retried after attemptTimeoutMs + this if its process died before recording the attempt. */
const LEASE_MARGIN_MS = 2_000

/** Sends due outbox rows, at most `concurrency` at a time, and records every attempt. */
export class DeliveryWorker {
  private running = false
  private inFlight = new Set<Promise<void>>()
  private controllersByListener = new Map<string, Set<AbortController>>()
  private wakeUp: (() => void) | undefined
  /** A wake() that came while the loop was busy: the next sleep returns at once. */
  private wokenWhileBusy = false
  private loop: Promise<void> | undefined

  constructor(private readonly options: DeliveryWorkerOptions) {}

  start(): void {
    if (this.running) return
    this.running = true
    this.loop = this.run()
  }

  async stop(): Promise<void> {
    this.running = false
    this.wake()
    await this.loop
    for (const controllers of this.controllersByListener.values())
      for (const controller of controllers) controller.abort()
    await Promise.allSettled(this.inFlight)
  }

  /** New rows are due now: look at the outbox without waiting for the idle poll. */
  wake(): void {
    this.wokenWhileBusy = true
    this.wakeUp?.()
  }

  /** Aborts the requests in flight for a listener (RemoveWebhookListener stops them at once). */
  abortListener(listenerId: string): void {
    for (const controller of this.controllersByListener.get(listenerId) ?? []) controller.abort()
  }

  private async run(): Promise<void> {
    while (this.running) {
      // Claim in batches (a quarter of the slots) rather than one row per finished request.
      const slots = this.options.concurrency - this.inFlight.size
      const free = slots >= Math.min(this.inFlight.size, Math.ceil(this.options.concurrency / 4)) ? slots : 0
      let claimed: ClaimedDelivery[] = []
      try {
        if (free > 0) {
          claimed = await claimDueDeliveries(
            this.options.sql,
            this.options.now(),
            this.options.attemptTimeoutMs + LEASE_MARGIN_MS,
            {
              limit: free,
              perListener: this.options.perListenerConcurrency,
              inFlight: new Map(
                [...this.controllersByListener].map(([listenerId, controllers]) => [listenerId, controllers.size]),
              ),
            },
          )
        }
      } catch {
        // The store is unavailable (or closing): try again on the next turn.
      }
      for (const delivery of claimed) this.track(this.attempt(delivery))
      if (claimed.length === free && free > 0) continue
      await this.sleep(free === 0 ? this.options.idlePollMs : await this.untilNextDue())
    }
  }

  private track(work: Promise<void>): void {
    const tracked = work
      .catch(() => undefined)
      .finally(() => {
        this.inFlight.delete(tracked)
        this.wake()
      })
    this.inFlight.add(tracked)
  }

  private async untilNextDue(): Promise<number> {
    const due = await nextDueTime(this.options.sql).catch(() => undefined)
    if (due === undefined) return this.options.idlePollMs
    return Math.max(0, Math.min(this.options.idlePollMs, due - this.options.now()))
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
    const { sql, now } = this.options
    const target = this.options.target(delivery.listenerId)
    if (!target) return finishDelivery(sql, delivery.uid, 'cancelled', undefined, 'listener removed or disabled', now())
    const controller = new AbortController()
    const controllers = this.controllersByListener.get(delivery.listenerId) ?? new Set()
    controllers.add(controller)
    this.controllersByListener.set(delivery.listenerId, controllers)
    const startedAt = now()
    const headers = webhookHeaders(target.secret, delivery.uid, Math.floor(startedAt / 1000), delivery.body)
    const result = await this.options.sender(
      target.url,
      headers,
      delivery.body,
      this.options.attemptTimeoutMs,
      controller.signal,
    )
    controllers.delete(controller)
    if (controllers.size === 0) this.controllersByListener.delete(delivery.listenerId)
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
    const outcome = this.outcome(delivery, result, error, finishedAt, controller.signal.aborted)
    await recordAttemptOutcome(sql, attempt, outcome, finishedAt)
    if (result.status === 410 && !controller.signal.aborted) await this.options.onGone(delivery.listenerId)
  }

  private outcome(
    delivery: ClaimedDelivery,
    result: SendResult,
    error: string | undefined,
    finishedAt: number,
    aborted: boolean,
  ): AttemptOutcome {
    const { retry } = this.options
    // Aborted by RemoveWebhookListener (no target any more), or by stop(): then the row stays due now.
    if (aborted)
      return this.options.target(delivery.listenerId)
        ? { retryAt: finishedAt, error: 'engine stopped during the attempt' }
        : { state: 'cancelled', error: 'listener removed' }
    if (error === undefined) return { state: 'delivered' }
    if (result.status === 410) return { state: 'failed', error: 'receiver answered 410 Gone: listener disabled' }
    if (delivery.attempt >= retry.maxAttempts)
      return { state: 'failed', error: `gave up after ${delivery.attempt} attempts: ${error}` }
    const requested = parseRetryAfter(result.retryAfter, finishedAt)
    const delay =
      requested === undefined ? retryDelayMs(retry, delivery.attempt) : Math.min(requested, MAX_RETRY_AFTER_MS)
    return { retryAt: finishedAt + delay, error }
  }
}

function describeStatus(status: number, location: string | undefined): string {
  if (status >= 300 && status < 400) return `HTTP ${status}: redirect${location ? ` to ${location}` : ''} not followed`
  return `HTTP ${status}`
}
