import type { Log } from '../observability/log.js'
import type { WebhookEngine } from '../webhook/engine/engine.js'

/** A webhook engine made apart from the server's start: `prepare` begins making it, a first use waits for it. */
export interface LazyWebhookEngine extends WebhookEngine {
  prepare(): void
}

/**
 * The webhook engine made after the in-memory local server has started (`prepare`), or on its first use (a listener
 * added or removed, a log ingested, deliveries listed) if that comes first: the server answers its other calls
 * without waiting for the SQL store the engine keeps its outbox in.
 */
export function lazyWebhookEngine(create: () => Promise<WebhookEngine>, log: Log): LazyWebhookEngine {
  let made: WebhookEngine | undefined
  let making: Promise<WebhookEngine> | undefined
  let stopped = false
  const engine = () =>
    (making ??= create().then(async (created) => {
      if (stopped) {
        await created.stop()
        throw new Error('the local server is closed')
      }
      await created.start()
      made = created
      return created
    }))
  return {
    prepare() {
      if (stopped) return
      // A failure is also what the first webhook call answers; here it is only reported.
      engine().catch((error: unknown) => {
        if (!stopped) log('could not make the webhook engine', error)
      })
    },
    addListener: async (...args) => (await engine()).addListener(...args),
    removeListener: async (...args) => (await engine()).removeListener(...args),
    getListener: async (...args) => (await engine()).getListener(...args),
    ingest: async (...args) => (await engine()).ingest(...args),
    injectBlock: async (...args) => (await engine()).injectBlock(...args),
    reorgInjectedBlocks: async (...args) => (await engine()).reorgInjectedBlocks(...args),
    listDeliveries: async (...args) => (await engine()).listDeliveries(...args),
    resendDelivery: async (...args) => (await engine()).resendDelivery(...args),
    recoverDeliveries: async (...args) => (await engine()).recoverDeliveries(...args),
    get activeListeners() {
      return made?.activeListeners ?? 0
    },
    start: async () => undefined,
    async stop() {
      stopped = true
      const pending = making
      if (!pending) return
      // A start that failed has nothing to stop.
      const running = await pending.catch(() => undefined)
      await running?.stop()
    },
  }
}
