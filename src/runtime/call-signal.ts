/** The signal of one call: it aborts when the caller's signal does (with its reason) or when the call's time is up. */
export interface CallSignal {
  readonly signal: AbortSignal
  /** Whether the call's time ran out (the caller did not abort first). */
  timedOut(): boolean
  /** Stops the timer and stops listening to the caller's signal. */
  dispose(): void
}

const timeUp = Symbol('timeoutMs elapsed')

export function callSignal(caller: AbortSignal | undefined, timeoutMs: number | undefined): CallSignal {
  const controller = new AbortController()
  const follow = () => controller.abort(caller!.reason)
  if (caller?.aborted) follow()
  else caller?.addEventListener('abort', follow, { once: true })
  const timer = timeoutMs === undefined ? undefined : setTimeout(() => controller.abort(timeUp), timeoutMs)
  return {
    signal: controller.signal,
    timedOut: () => controller.signal.reason === timeUp,
    dispose() {
      clearTimeout(timer)
      caller?.removeEventListener('abort', follow)
    },
  }
}
