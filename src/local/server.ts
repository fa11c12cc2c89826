import { consoleLog, type Log } from '../observability/log.js'
import { listen, type RunningServer } from '../server/node.js'
import type { ProjectId } from '../values/project-id.js'
import { lazySql } from '../store/lazy-sql.js'
import { openSql, QUERY_TIMEOUT_MS, type Sql } from '../store/sql.js'
import { memoryCatalog } from '../reference/catalog/memory.js'
import { sqlCatalog } from '../reference/catalog/sql.js'
import { memoizedCatalog } from '../reference/catalog/memoized.js'
import { catalogAuth, contractHost } from '../reference/contract-host.js'
import { issueSecretKey, jwtSecret } from './credentials.js'
import { checkFixtures, readFixturesFile, type Fixtures } from '../reference/fixtures/fixtures.js'
import { lazyWebhookEngine, type LazyWebhookEngine } from './lazy-webhooks.js'
import { networkTable, type NetworkTable } from '../reference/networks.js'
import { sampleData, sampleProject } from '../reference/data/sample-data.js'
import { loadFixtures } from './store/seed.js'
import { migrate } from './store/schema.js'
import type { LocalChain } from './chains.js'
import type { LocalWebhookDatabase } from './webhook-databases.js'
import { withDocsRoute } from './docs-route.js'
import { withOwnerRoutes } from './owner-routes/owner-routes.js'
import type { WebhookEngine } from '../webhook/engine/engine.js'

/**
 * The local server's options: the settings of docs/guides/test-authors.md#settings (defaults there), and what
 * only a program passes. An option of the webhook engine is `webhook` + the engine option's name
 * (`webhookAttemptTimeoutMs` is the engine's `attemptTimeoutMs`).
 */
export interface LocalServerOptions {
  port?: number
  host?: string
  /**
   * Where the embedded PostgreSQL keeps its files; in memory when absent (tests), then opened from the user's
   * template of the store (docs/guides/test-authors.md), made by initdb on the machine's first start.
   */
  dataDir?: string
  /** New connections the kernel holds until the server accepts them (the listen(2) backlog; LISTEN_BACKLOG). */
  listenBacklog?: number
  /** Calls started per turn of the event loop, so new connections are accepted under load (REQUESTS_PER_TURN). */
  requestsPerTurn?: number
  /**
   * A dump of an embedded store (PGlite's `dumpDataDir('none')`) the store starts from instead of initdb, for a
   * test setup starting many servers. A dataDir that already holds a database opens as it is; not used with
   * databaseUrl.
   */
  dataDirDump?: Blob
  databaseUrl?: string
  /** Path of a fixtures file (schema/fixtures.schema.json), loaded after the sample data. */
  fixtures?: string
  jwtSecret?: string
  timeoutMs?: number
  bodyLimit?: number
  /** In memory, the webhook engine is made after the start, or on a first webhook call (docs/guides/test-authors.md). */
  prepareWebhooks?: 'after-start' | 'on-first-use'
  /** Where the host, the store and the webhook engine report failures outside any request's answer. */
  log?: Log
  /** EVM chains whose logs feed the webhook listeners (CHAIN_RPC_URLS in `npm start`). */
  chains?: LocalChain[]
  /**
   * Checks every response against its response schema before it is sent (VALIDATE_RESPONSES=1): a
   * response that breaks the contract is logged and answered WebrpcBadResponse. Off by default.
   */
  validateResponses?: boolean
  /** Longest wait for a webhook receiver's answer (WEBHOOK_ATTEMPT_TIMEOUT_MS). */
  webhookAttemptTimeoutMs?: number
  /** How long a server following a chain keeps it before another takes over (WEBHOOK_CHAIN_LEASE_MS). */
  webhookChainLeaseMs?: number
  /**
   * Networks whose webhook listeners and deliveries live in a PostgreSQL database of their own
   * (WEBHOOK_DATABASE_URLS); every other network's stay in the store.
   */
  webhookDatabases?: LocalWebhookDatabase[]
  /** A listener whose attempts all failed for this long is disabled (WEBHOOK_DISABLE_FAILING_AFTER_MS). */
  webhookDisableFailingAfterMs?: number
  /** How long finished webhook deliveries and their attempts are kept (WEBHOOK_HISTORY_RETENTION_MS; default 30 days). */
  webhookHistoryRetentionMs?: number
}

export interface LocalServer {
  url: string
  /** Working credentials of the sample project. */
  accessKey: string
  secretKey: string
  projectId: ProjectId
  jwtSecret: string
  /** The SQL store; in memory it opens with the webhook engine (prepareWebhooks). */
  sql: Sql
  /** The node:http server, for observers (tests, benchmarks). */
  httpServer: RunningServer['server']
  /** The webhook engine behind the Indexer; `ingest` is the local path for raw logs. */
  webhooks: WebhookEngine
  close(): Promise<void>
}

/** A random HS256 secret, for a server whose store keeps nothing across restarts. */
const randomSecret = () => Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url')

/**
 * Where the data comes from: in memory (no data dir, no database) the catalog is the fixtures in memory and the
 * SQL store opens for the webhook engine, made after the host has started; otherwise the SQL store, seeded at start.
 */
async function openData(
  options: LocalServerOptions,
  extraFixtures: Fixtures | undefined,
  networks: NetworkTable,
  log: Log,
) {
  const inMemory = !options.dataDir && !options.databaseUrl
  if (inMemory) {
    const { dataDirDump } = options
    const sql = lazySql(async () => {
      if (dataDirDump) return openSql({ dataDirDump, log })
      const { prepareWebhookTables, userWebhookStoreTemplate } = await import('./webhooks.js')
      return openSql({ templateFile: userWebhookStoreTemplate(log), templateSetup: prepareWebhookTables, log })
    })
    const catalog = memoryCatalog(networks, extraFixtures ? [sampleData, extraFixtures] : [sampleData])
    return { sql, catalog, secret: options.jwtSecret ?? randomSecret(), inMemory }
  }
  const sql = await openSql({
    dataDir: options.dataDir,
    dataDirDump: options.dataDirDump,
    databaseUrl: options.databaseUrl,
    queryTimeoutMs: QUERY_TIMEOUT_MS,
    log,
  })
  try {
    const setUp = async () => {
      await migrate(sql)
      await loadFixtures(sql, networks, sampleData)
      if (extraFixtures) await loadFixtures(sql, networks, extraFixtures)
      return jwtSecret(sql, options.jwtSecret)
    }
    // Several servers may start at once on one PostgreSQL database. The engine takes that lock itself.
    const secret = await (sql.oneAtATime ? sql.oneAtATime(setUp) : setUp())
    // Only seeding writes the catalog's rows. A data dir (used when there is no DATABASE_URL) is locked to this
    // process (store/lock.ts), so after seeding its rows stay as they are while it runs and each read can be
    // answered once. Servers sharing a DATABASE_URL may seed more rows at any time: there every read is a query.
    const catalog = options.databaseUrl ? sqlCatalog(sql) : memoizedCatalog(sqlCatalog(sql))
    return { sql, catalog, secret, inMemory }
  } catch (error) {
    await sql.close().catch((closeError: unknown) => log('could not close the store', closeError))
    throw error
  }
}

/** Loads sample data and fixtures (in memory, or into the store) and serves all five services on one port. */
export async function startLocalServer(options: LocalServerOptions = {}): Promise<LocalServer> {
  // The sample data passes the same check as a FIXTURES file.
  checkFixtures(sampleData, 'the sample data (src/reference/data/sample-data.ts)')
  const extraFixtures = options.fixtures ? readFixturesFile(options.fixtures, [sampleData]) : undefined
  const log = options.log ?? consoleLog
  const networks = networkTable()
  const { sql, catalog, secret, inMemory } = await openData(options, extraFixtures, networks, log)
  let running: RunningServer | undefined
  let engine: WebhookEngine | undefined
  try {
    // The engine's module (viem's ABI and log decoding above all) loads when an engine is made, not at start.
    const makeEngine = async () =>
      (await import('./webhooks.js')).localWebhookEngine(sql, networks, {
        chains: options.chains,
        attemptTimeoutMs: options.webhookAttemptTimeoutMs,
        chainLeaseMs: options.webhookChainLeaseMs,
        disableFailingAfterMs: options.webhookDisableFailingAfterMs,
        databases: options.webhookDatabases,
        historyRetentionMs: options.webhookHistoryRetentionMs,
        log,
      })
    // Following a chain or opening webhook databases needs the engine from the start; otherwise an in-memory
    // server makes it once it has started (or on a first use that comes before).
    const eager = options.chains?.length || options.webhookDatabases?.length
    const lazy: LazyWebhookEngine | undefined = inMemory && !eager ? lazyWebhookEngine(makeEngine, log) : undefined
    engine = lazy ?? (await makeEngine())
    await engine.start()
    const auth = await catalogAuth(catalog, secret)
    const rpcHost = contractHost({
      catalog,
      networks,
      listeners: engine,
      auth,
      validateResponses: options.validateResponses,
      timeoutMs: options.timeoutMs,
      bodyLimit: options.bodyLimit,
      log,
    })
    // GET /docs: the API reference; …/<network>-indexer/webhooks/<listenerId>/…: the listener owner's routes.
    const host = withDocsRoute(withOwnerRoutes(rpcHost, { listeners: engine, networks, auth, log }))
    running = await listen(host, {
      port: options.port,
      host: options.host,
      backlog: options.listenBacklog,
      requestsPerTurn: options.requestsPerTurn,
    })
    // Made from the next turn of the event loop on, once the caller has what this returns (npm start prints its
    // credentials line first), so that a first webhook call finds the engine ready or being made.
    if (lazy && options.prepareWebhooks !== 'on-first-use') setImmediate(() => lazy.prepare())
    const server = running
    const webhookEngine = engine
    return {
      url: server.url,
      accessKey: sampleProject.accessKey,
      secretKey: await issueSecretKey(secret, sampleProject.id),
      projectId: sampleProject.id,
      jwtSecret: secret,
      sql,
      httpServer: server.server,
      webhooks: webhookEngine,
      async close() {
        await server.close()
        await webhookEngine.stop()
        await sql.close()
      },
    }
  } catch (error) {
    await running?.close(0)
    // The start failure is what the caller sees; a failure to clean up after it is only logged.
    await engine?.stop().catch((stopError: unknown) => log('could not stop the webhook engine', stopError))
    await sql.close().catch((closeError: unknown) => log('could not close the store', closeError))
    throw error
  }
}
