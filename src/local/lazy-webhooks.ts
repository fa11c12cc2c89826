import type { WebhookEngine } from '../webhook/engine/engine.js'

/**
 * The webhook engine made on its first use (a listener added or removed, a log ingested, deliveries
 * listed): the in-memory local server starts without the SQL store the engine keeps its outbox in.
 */
export function lazyWebhookEngine(create: () => Promise<WebhookEngine>): WebhookEngine {
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
