import { TimeoutError, WebrpcClientDisconnectedError } from '../../gen/errors.gen.js'
import type { Caller } from './auth.js'

/**
 * One call: the context its handler receives, and its deadline. The AbortSignal, and the listener for
 * the client going away, are made only if the handler asks for the signal: most never do, and on a
 * trivial call they are a measurable share of the work (and of the garbage).
 */
export class CallScope {
  caller: Caller | undefined
  network: string | undefined
  readonly deadlineAt: number
  #controller: AbortController | undefined
  #reason: unknown
  #reject: ((reason: unknown) => void) | undefined
  readonly #request: { onAbort?(listener: () => void): void }

  constructor(timeoutMs: number, request: { onAbort?(listener: () => void): void }) {
    this.deadlineAt = performance.now() + timeoutMs
    this.#request = request
  }

  get signal(): AbortSignal {
    if (!this.#controller) {
      this.#controller = new AbortController()
      if (this.#reason !== undefined) this.#controller.abort(this.#reason)
      else this.#request.onAbort?.(() => this.abort(new WebrpcClientDisconnectedError()))
    }
    return this.#controller.signal
  }

  abort(reason: unknown): void {
    if (this.#reason !== undefined) return
    this.#reason = reason
    this.#controller?.abort(reason)
    this.#reject?.(reason)
  }

  /** Settles with work's outcome, or rejects with the abort reason (Timeout) if that comes first. */
  run<T>(work: Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.#reject = reject
      work.then(resolve, reject)
    })
  }
}

/**
 * Every in-flight call's deadline, swept by one timer instead of a setTimeout per request. A call
 * times out between timeoutMs and timeoutMs plus one sweep interval (a tenth of it, 10–250 ms). The timer
 * stops at the first sweep that finds no call open, not when the last call closes: a server answering
 * one call at a time would otherwise start and stop it for every call.
 */
export class Deadlines {
  readonly #open = new Set<CallScope>()
  #timer: ReturnType<typeof setInterval> | undefined
  readonly #interval: number

  constructor(private readonly timeoutMs: number) {
    this.#interval = Math.min(250, Math.max(10, Math.round(timeoutMs / 10)))
  }

  open(scope: CallScope): void {
    this.#open.add(scope)
    if (!this.#timer) {
      this.#timer = setInterval(() => this.#sweep(), this.#interval)
      // Node: the sweep alone must not keep a process alive. Browsers and edge runtimes have no unref.
      ;(this.#timer as { unref?: () => void }).unref?.()
    }
  }

  close(scope: CallScope): void {
    this.#open.delete(scope)
  }

  #sweep(): void {
    if (this.#open.size === 0) {
      clearInterval(this.#timer)
      this.#timer = undefined
      return
    }
    const now = performance.now()
    for (const scope of this.#open) {
      if (scope.deadlineAt <= now) scope.abort(new TimeoutError({ cause: `no response within ${this.timeoutMs} ms` }))
    }
  }
}
