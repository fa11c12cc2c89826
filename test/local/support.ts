import pg from 'pg'
import { afterAll, inject } from 'vitest'
import { createClients, localUrls, type Clients } from '../../src/entries/index.js'
import { startLocalServer, type LocalServer, type LocalServerOptions } from '../../src/local/server.js'
import type { Network } from '../../gen/networks.gen.js'
import { dumpedStore, seededDataDir } from '../support/store-dump.js'

export interface TestServer extends LocalServer {
  /** Errors the host logged as unexpected (each became a WebrpcInternalError on the wire). */
  unexpected: unknown[]
  /** Everything else the server's parts logged (the webhook engine's failed attempts, the store's lost connections). */
  background: { message: string; error: unknown }[]
}

let databaseForThisFile: string | undefined
let dataDirForThisFile: string | undefined

/**
 * Makes every later startTestServer() of this test file (without dataDir) run on that PostgreSQL database:
 * a test file can then run another one's tests on PostgreSQL (test/local/postgres.slow.test.ts). Called at the
 * file's top level; once the file's tests have ended, the files its worker runs next are back on the default.
 */
export function useDatabaseForThisFile(databaseUrl: string): void {
  databaseForThisFile = databaseUrl
  afterAll(() => {
    databaseForThisFile = undefined
  })
}

/**
 * Makes every later startTestServer() of this test file (without dataDir or databaseUrl) keep its store in that
 * data directory, as useDatabaseForThisFile does for a database: one server at a time, the directory is locked.
 */
export function useDataDirForThisFile(dataDir: string): void {
  dataDirForThisFile = dataDir
  afterAll(() => {
    dataDirForThisFile = undefined
  })
}

/**
 * A new, empty database on the PostgreSQL server test/support/global-setup.ts started for this run; its
 * connection string. Throws, saying why, where that server could not be had (the test then fails, never skips).
 */
export async function createTestDatabase(prefix: string): Promise<string> {
  const serverUrl = inject('postgresUrl')
  if (!serverUrl) throw new Error(`no PostgreSQL server for this test: ${inject('postgresUnavailable')}`)
  const name = `${prefix}_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`.replace(/[^a-z0-9_]/g, '_')
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  try {
    await admin.query(`create database ${name}`)
  } finally {
    await admin.end()
  }
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return url.toString()
}

/**
 * The local contract server on a free port of 127.0.0.1, with an in-memory embedded store unless dataDir is given;
 * a new embedded store starts from the run's initdb'd dump (test/support/store-dump.ts), a new dataDir from the
 * dump extracted into it. useDatabaseForThisFile, else TEST_DATABASE_URL, runs it on that PostgreSQL database
 * instead (TEST_DATABASE_URL: one test file at a time, they share it).
 */
export async function startTestServer(options: LocalServerOptions = {}): Promise<TestServer> {
  const unexpected: unknown[] = []
  const background: TestServer['background'] = []
  const dataDir = options.dataDir ?? (options.databaseUrl ? undefined : dataDirForThisFile)
  const databaseUrl = dataDir ? undefined : (databaseForThisFile ?? process.env.TEST_DATABASE_URL)
  const server = await startLocalServer({
    port: 0,
    host: '127.0.0.1',
    log: (message, error) =>
      message.startsWith('unexpected error in ') ? unexpected.push(error) : background.push({ message, error }),
    // Every test of the local server also checks that each response honours its response schema.
    validateResponses: true,
    // Most files never make a webhook call; those that do wait for the engine on their first one.
    prepareWebhooks: 'on-first-use',
    ...(databaseUrl ? { databaseUrl } : { dataDirDump: dumpedStore() }),
    ...options,
    ...(dataDir ? { dataDir: seededDataDir(dataDir) } : {}),
  })
  return Object.assign(server, { unexpected, background })
}

export function clientsFor(server: LocalServer, network: Network = 'polygon', withSecret = true): Clients {
  return createClients({
    network,
    accessKey: server.accessKey,
    secretKey: withSecret ? server.secretKey : undefined,
    urls: localUrls(server.url),
  })
}

export interface RawResponse {
  status: number
  headers: Headers
  text: string
  json: unknown
}

/** A raw HTTP call, for what the generated clients never send. */
export async function rawCall(url: string, init: RequestInit = {}): Promise<RawResponse> {
  const response = await fetch(url, init)
  const text = await response.text()
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    json = undefined
  }
  return { status: response.status, headers: response.headers, text, json }
}

export function jsonPost(body: unknown, headers: Record<string, string> = {}): RequestInit {
  return {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  }
}
