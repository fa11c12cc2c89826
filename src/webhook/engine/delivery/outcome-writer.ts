import type { FinishedAttempt } from './attempts.js'

/** Most attempts written by one statement. */
const MAX_BATCH = 500

/**
 * Writes finished attempts one batch at a time: whatever finishes while a write is under way, or has arrived by the
 * time the next one starts, goes into it, so the store sees one round trip per batch instead of one per delivery.
 */
export class OutcomeWriter {
  private queued: { entry: FinishedAttempt; settle: (error?: unknown) => void }[] = []
  private writing = false

  constructor(private readonly write: (batch: FinishedAttempt[]) => Promise<void>) {}

  /** Resolves once the attempt is stored; rejects with the store's error. */
  record(entry: FinishedAttempt): Promise<void> {
    return new Promise((resolve, reject) => {
      this.queued.push({ entry, settle: (error) => (error === undefined ? resolve() : reject(error)) })
      if (!this.writing) void this.drain()
    })
  }

  private async drain(): Promise<void> {
    this.writing = true
    while (this.queued.length > 0) {
      // Answers that have arrived but whose callbacks have not run yet join this batch: an embedded store answers
      // without giving the event loop a turn, so without this every write would carry one attempt.
      await new Promise((resolve) => setImmediate(resolve))
      const batch = this.queued.splice(0, MAX_BATCH)
      try {
        await this.write(batch.map(({ entry }) => entry))
        for (const { settle } of batch) settle()
      } catch (error) {
        for (const { settle } of batch) settle(error ?? new Error('store write failed'))
      }
    }
    this.writing = false
  }
}
