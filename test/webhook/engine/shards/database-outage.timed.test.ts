import { expect, onTestFinished, test } from 'vitest'
import { TimeoutError } from '../../../../gen/errors.gen.js'
import { openSql } from '../../../../src/store/sql.js'
import type { WebhookEngine } from '../../../../src/webhook/engine/engine-api.js'
import { createShardedWebhookEngine } from '../../../../src/webhook/engine/shards/sharded-engine.js'
import { startPausableTcpProxy } from '../../../support/pausable-tcp-proxy.js'
import { startPostgresCluster } from '../../../support/postgres-server.js'
import { streamFilters, streamMint } from '../../support/logs.js'
import { startTestReceiver, waitUntil, type TestReceiver } from '../../support/receiver-server.js'

/**
 * One sharded engine over two PostgreSQL servers: polygon's webhooks on A (the default database), amoy's on B,
 * reached through a TCP proxy. With a backlog queued on B, B is taken away twice: stopped (connections closed,
 * new ones refused), then cut by the proxy (connections accepted and held, nothing forwarded). Each time: calls
 * for amoy fail fast with Timeout once the outage is noticed, polygon's blocks keep being delivered and its calls
 * answer as before; once B is back every delivery queued there reaches its receiver.
 */
const POLYGON = 137
const AMOY = 80002
const PROJECT = 1
const BACKLOG = 30
const MINTS_WHILE_DOWN = 5
const MINTS_AFTER = 5
/** How long B stays away once its outage is noticed. */
const DOWN_MS = 2_000
/** Bounds on what the test waits for: far above what each takes, far below the 30 s query timeout. */
const NOTICED_WITHIN_MS = 10_000
const CALL_BOUND_MS = 1_000
const FAIL_FAST_MS = 250

let nextTokenId = 1n
const mintLog = () => {
  const { address, topics, data } = streamMint(nextTokenId++)
  return { address, topics, data }
}

async function timed<T>(call: () => Promise<T>): Promise<{ ms: number; outcome: T | Error }> {
  const started = performance.now()
  const outcome = await call().catch((error: unknown) => error as Error)
  return { ms: performance.now() - started, outcome }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

test(
  'a database that stops answering stops only its chains; back, it delivers all it queued',
  { timeout: 120_000 },
  async () => {
    const cleanups: (() => Promise<unknown>)[] = []
    onTestFinished(async () => {
      for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined)
    })
    const [a, b] = await Promise.all([startPostgresCluster('webhook_shard_a'), startPostgresCluster('webhook_shard_b')])
    if (typeof a === 'string') throw new Error(a)
    cleanups.push(async () => a.stop())
    if (typeof b === 'string') throw new Error(b)
    cleanups.push(async () => b.stop())
    const proxy = await startPausableTcpProxy(b.port)
    cleanups.push(() => proxy.close())
    const throughProxy = new URL(b.url)
    throughProxy.port = String(proxy.port)

    const sqlA = await openSql({ databaseUrl: a.url, queryTimeoutMs: 30_000 })
    cleanups.push(() => sqlA.close())
    const logged: string[] = []
    const engine: WebhookEngine = await createShardedWebhookEngine({
      sql: sqlA,
      databases: [{ chainIds: [AMOY], databaseUrl: throughProxy.toString() }],
      allowPrivateTargets: true,
      idlePollMs: 100,
      attemptTimeoutMs: 2_000,
      retry: { baseDelayMs: 100, factor: 2, maxDelayMs: 500, maxAttempts: 1_000, jitter: 0.2 },
      log: (message) => logged.push(message),
    })
    cleanups.push(() => engine.stop())
    await engine.start()

    const receivers = new Map<number, TestReceiver>()
    const listeners = new Map<number, string>()
    const queued = new Map<number, string[]>([
      [POLYGON, []],
      [AMOY, []],
    ])
    for (const chainId of [POLYGON, AMOY]) {
      const receiver = await startTestReceiver()
      cleanups.push(() => receiver.close())
      const listener = await engine.addListener(PROJECT, { url: receiver.url, filters: streamFilters() }, { chainId })
      receiver.useSecret(listener.secret!)
      receivers.set(chainId, receiver)
      listeners.set(chainId, listener.id)
    }
    const mint = async (chainId: number, count: number) => {
      for (let i = 0; i < count; i++)
        queued.get(chainId)!.push(...(await engine.injectBlock(chainId, [mintLog()])).uids)
    }
    const deliveredUids = (chainId: number) => new Set(receivers.get(chainId)!.delivered.map((payload) => payload.uid))
    const allDelivered = (chainId: number) => queued.get(chainId)!.every((uid) => deliveredUids(chainId).has(uid))
    /** An Indexer round trip on polygon: a listener added and removed, and the first listener read. */
    const polygonCalls = async () => {
      const added = await engine.addListener(
        PROJECT,
        { url: receivers.get(POLYGON)!.url, filters: streamFilters() },
        { chainId: POLYGON },
      )
      await engine.removeListener(PROJECT, { projectId: String(PROJECT), id: added.id }, { chainId: POLYGON })
      await engine.getListener(PROJECT, listeners.get(POLYGON)!, { chainId: POLYGON })
    }
    const amoyRead = () => engine.getListener(PROJECT, listeners.get(AMOY)!, { chainId: AMOY })
    const isTimeout = (outcome: unknown) => outcome instanceof TimeoutError

    const before: number[] = []
    for (let i = 0; i < 5; i++) before.push((await timed(polygonCalls)).ms)

    async function outage(name: string, takeAway: () => void, bringBack: () => void) {
      // A backlog on B when it goes: its receiver takes three deliveries and holds the rest unanswered.
      receivers.get(AMOY)!.holdAfter(3)
      const deliveredBefore = deliveredUids(AMOY).size
      await mint(AMOY, BACKLOG)
      await waitUntil(() => deliveredUids(AMOY).size > deliveredBefore, `${name}: amoy's backlog under way`)
      const awaySince = performance.now()
      takeAway()
      await waitUntil(
        () => amoyRead().then(() => false, isTimeout),
        `${name}: amoy's calls fail with Timeout`,
        NOTICED_WITHIN_MS,
      )
      const noticedMs = performance.now() - awaySince
      const undelivered = queued.get(AMOY)!.filter((uid) => !deliveredUids(AMOY).has(uid)).length

      const failing = await Promise.all([timed(amoyRead), timed(() => engine.injectBlock(AMOY, [mintLog()]))])
      for (const { ms, outcome } of failing) {
        expect(isTimeout(outcome), String(outcome)).toBe(true)
        expect(ms).toBeLessThan(FAIL_FAST_MS)
      }
      const during: number[] = []
      for (let i = 0; i < 5; i++) {
        const { ms, outcome } = await timed(polygonCalls)
        expect(outcome).toBeUndefined()
        during.push(ms)
      }
      expect(Math.max(...during)).toBeLessThan(CALL_BOUND_MS)
      await mint(POLYGON, MINTS_WHILE_DOWN)
      await waitUntil(() => allDelivered(POLYGON), `${name}: polygon's blocks delivered while amoy's database is away`)
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, DOWN_MS - (performance.now() - awaySince))))

      receivers.get(AMOY)!.holdAfter(undefined)
      bringBack()
      const backSince = performance.now()
      await waitUntil(
        () =>
          amoyRead().then(
            () => true,
            () => false,
          ),
        `${name}: amoy's calls answer again`,
        NOTICED_WITHIN_MS,
      )
      const answeringMs = performance.now() - backSince
      await mint(AMOY, MINTS_AFTER)
      await mint(POLYGON, MINTS_AFTER)
      await waitUntil(
        () => allDelivered(AMOY) && allDelivered(POLYGON),
        `${name}: every queued delivery arrives`,
        30_000,
      )
      console.log(
        `${name}: noticed after ${Math.round(noticedMs)} ms with ${undelivered} amoy deliveries queued; polygon calls ` +
          `${Math.round(median(before))} ms before, ${Math.round(median(during))} ms during (median); ` +
          `amoy answering ${Math.round(answeringMs)} ms after it was back`,
      )
      expect(undelivered).toBeGreaterThan(0)
    }

    await outage(
      'stopped',
      () => b.halt('fast'),
      () => b.resume(),
    )
    await outage(
      'cut by the proxy',
      () => proxy.pause(),
      () => proxy.resume(),
    )
    for (const chainId of [POLYGON, AMOY])
      expect([...deliveredUids(chainId)].sort()).toEqual([...queued.get(chainId)!].sort())
    expect(logged.filter((line) => line.includes('is not answering'))).toHaveLength(2)
    expect(logged.filter((line) => line.includes('answers again'))).toHaveLength(2)
  },
)
