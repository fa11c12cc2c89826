/** How often each database is asked whether it answers, by default. */
export const DEFAULT_HEALTH_CHECK_MS = 1_000
/** How long one check waits for the answer, by default. */
export const DEFAULT_HEALTH_TIMEOUT_MS = 1_000
/** Checks failed in a row before a database counts as down: one slow answer under load is not an outage. */
const FAILURES_BEFORE_DOWN = 2

export interface DatabaseHealthOptions {
  /** Resolves when the database answered in time, rejects when it did not. */
  check: () => Promise<void>
  intervalMs: number
  onDown: (error: unknown) => void
  onUp: () => void
}

/**
 * Whether one database answers, from a check repeated every intervalMs: down after FAILURES_BEFORE_DOWN
 * failed checks in a row, up again at the first check that succeeds.
 */
export class DatabaseHealth {
  private isUp = true
  private failures = 0
  private running = false
  private timer: NodeJS.Timeout | undefined

  constructor(private readonly options: DatabaseHealthOptions) {}

  get up(): boolean {
    return this.isUp
  }

  start(): void {
    if (this.running) return
    this.running = true
    this.schedule()
  }

  stop(): void {
    this.running = false
    clearTimeout(this.timer)
  }

  private schedule(): void {
    if (!this.running) return
    this.timer = setTimeout(() => void this.checkOnce().finally(() => this.schedule()), this.options.intervalMs)
    this.timer.unref()
  }

  private async checkOnce(): Promise<void> {
    try {
      await this.options.check()
    } catch (error) {
      this.failures++
      if (this.isUp && this.failures >= FAILURES_BEFORE_DOWN && this.running) {
        this.isUp = false
        this.options.onDown(error)
      }
      return
    }
    this.failures = 0
    if (!this.isUp && this.running) {
      this.isUp = true
      this.options.onUp()
    }
  }
}
