import { resolve } from 'node:path'
import { startLocalServer } from './server.js'
import { parseChainRpcUrls } from './webhooks.js'

/** `npm start`: the local contract server. Environment: PORT, HOST, DATA_DIR, DATABASE_URL, FIXTURES, JWT_SECRET, CHAIN_RPC_URLS,
 * WEBHOOK_ATTEMPT_TIMEOUT_MS, VALIDATE_RESPONSES. */
function positiveIntegerFrom(name: string, value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined
  const number = Number(value)
  if (!Number.isSafeInteger(number) || number <= 0) throw new Error(`${name} must be a positive integer, got ${value}`)
  return number
}

function portFrom(value: string | undefined): number {
  if (value === undefined || value === '') return 8080
  const port = Number(value)
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be 0..65535, got ${value}`)
  return port
}

async function main() {
  // A script may read the credentials line and close the pipe; the server keeps serving without its stdout.
  process.stdout.on('error', () => undefined)
  const env = process.env
  const chains = parseChainRpcUrls(env.CHAIN_RPC_URLS)
  const server = await startLocalServer({
    port: portFrom(env.PORT),
    host: env.HOST || '127.0.0.1',
    dataDir: env.DATABASE_URL ? undefined : resolve(env.DATA_DIR || '.data'),
    databaseUrl: env.DATABASE_URL || undefined,
    fixtures: env.FIXTURES || undefined,
    jwtSecret: env.JWT_SECRET || undefined,
    chains,
    validateResponses: env.VALIDATE_RESPONSES === '1',
    webhookAttemptTimeoutMs: positiveIntegerFrom('WEBHOOK_ATTEMPT_TIMEOUT_MS', env.WEBHOOK_ATTEMPT_TIMEOUT_MS),
  })
  const { url, accessKey, secretKey, projectId } = server
  console.log(JSON.stringify({ url, accessKey, secretKey, projectId }))
  const store = env.DATABASE_URL
    ? 'PostgreSQL at DATABASE_URL'
    : `embedded PostgreSQL in ${resolve(env.DATA_DIR || '.data')}`
  console.log(`Local contract server listening on ${url} (store: ${store})`)
  console.log(
    `  Marketplace  POST ${url}/<network>/rpc/Marketplace/<Method>     e.g. ${url}/polygon/rpc/Marketplace/GetFloorOrder`,
  )
  console.log(`  Metadata     POST ${url}/rpc/Metadata/TokenCollectionFilters`)
  console.log(`  Builder      POST ${url}/rpc/Builder/GetAudience`)
  console.log(`  Relayer      POST ${url}/<network>-relayer/rpc/Relayer/ListGasSponsors`)
  console.log(`  Indexer      POST ${url}/<network>-indexer/rpc/Indexer/AddWebhookListener | RemoveWebhookListener`)
  console.log(
    `  Headers: X-Access-Key: ${accessKey}; webhook calls also Authorization: BEARER <secretKey> (project ${projectId})`,
  )
  console.log(
    chains.length > 0
      ? `  Webhooks: following ${chains.map((c) => `${c.network} at ${c.rpcUrl}`).join(', ')}`
      : '  Webhooks: no chain followed; set CHAIN_RPC_URLS=<network>=<rpc url>,... to deliver on-chain events',
  )
  console.log('Press Ctrl+C to stop.')

  let stopping = false
  const stop = (signal: string) => {
    if (stopping) return
    stopping = true
    console.log(`${signal}: finishing in-flight calls and closing the store...`)
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error)
        process.exit(1)
      },
    )
  }
  process.on('SIGINT', () => stop('SIGINT'))
  process.on('SIGTERM', () => stop('SIGTERM'))
}

main().catch((error: unknown) => {
  console.error(`local server failed to start: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
})
