import { localUrls } from '../client/local-urls.js'
import { routedServices } from '../server/services.js'
import { startLocalServer, type LocalServer, type LocalServerOptions } from './server.js'

/** One banner line per service, from the routes the host serves and the addresses `localUrls` builds. */
export function routeLines(url: string): string[] {
  const templates = localUrls(url)
  const width = Math.max(...routedServices.map((route) => route.name.length)) + 2
  return routedServices.map(({ name, key, methods }) => {
    const at = (network: string, method: string) =>
      `${templates[key].replaceAll('{network}', network).replace(/\/$/, '')}/rpc/${name}/${method}`
    // A service of many methods shows the pattern and one call; a few are listed.
    const line =
      methods.length > 2
        ? `POST ${at('<network>', '<Method>')}     e.g. ${at('polygon', methods[0]!)}`
        : `POST ${at('<network>', methods.join(' | '))}`
    return `  ${name.padEnd(width)}${line}`
  })
}

/** How the banner names the store: `databaseUrlFrom` names where a PostgreSQL URL came from (DATABASE_URL, --database-url). */
export function storeDescription(
  options: Pick<LocalServerOptions, 'dataDir' | 'databaseUrl'>,
  databaseUrlFrom: string,
) {
  if (options.databaseUrl) return `PostgreSQL at ${databaseUrlFrom}`
  return options.dataDir ? `embedded PostgreSQL in ${options.dataDir}` : 'embedded PostgreSQL in memory'
}

/**
 * Starts the local server, prints the JSON credentials line first (scripts read it with `head -1`), then
 * what is served, and stops cleanly on SIGINT/SIGTERM: what `npm start` and `web3-market-contract serve` run.
 */
export async function serveUntilStopped(options: LocalServerOptions, store: string): Promise<LocalServer> {
  // A script may read the credentials line and close the pipe; the server keeps serving without its stdout.
  process.stdout.on('error', () => undefined)
  const server = await startLocalServer(options)
  const { url, accessKey, secretKey, projectId } = server
  console.log(JSON.stringify({ url, accessKey, secretKey, projectId }))
  console.log(`Local contract server listening on ${url} (store: ${store})`)
  for (const line of routeLines(url)) console.log(line)
  console.log(
    `  Headers: X-Access-Key: ${accessKey}; webhook calls also Authorization: BEARER <secretKey> (project ${projectId})`,
  )
  const chains = options.chains ?? []
  console.log(
    chains.length > 0
      ? `  Webhooks: following ${chains.map((c) => `${c.network} at ${c.rpcUrl}`).join(', ')}`
      : '  Webhooks: no chain followed; --chain-rpc-urls (or CHAIN_RPC_URLS) <network>=<rpc url>,... delivers on-chain events',
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
  return server
}

/** One line on stderr and exit 1: how a start that cannot happen ends. */
export function exitWithStartFailure(error: unknown): never {
  console.error(`local server failed to start: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
}
