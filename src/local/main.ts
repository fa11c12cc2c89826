import { resolve } from 'node:path'
import { exitWithStartFailure, serveUntilStopped } from './run.js'
import { portFrom, positiveIntegerFrom } from './settings.js'
import { parseChainRpcUrls } from './webhooks.js'

/**
 * `npm start`: the local contract server. Environment: PORT, HOST, DATA_DIR, DATABASE_URL, FIXTURES, JWT_SECRET,
 * CHAIN_RPC_URLS, WEBHOOK_ATTEMPT_TIMEOUT_MS, WEBHOOK_CHAIN_LEASE_MS,
 * WEBHOOK_DISABLE_FAILING_AFTER_MS, VALIDATE_RESPONSES.
 */
async function main() {
  const env = process.env
  const dataDir = resolve(env.DATA_DIR || '.data')
  await serveUntilStopped(
    {
      port: portFrom('PORT', env.PORT),
      host: env.HOST || '127.0.0.1',
      dataDir: env.DATABASE_URL ? undefined : dataDir,
      databaseUrl: env.DATABASE_URL || undefined,
      fixtures: env.FIXTURES || undefined,
      jwtSecret: env.JWT_SECRET || undefined,
      chains: parseChainRpcUrls(env.CHAIN_RPC_URLS),
      validateResponses: env.VALIDATE_RESPONSES === '1',
      webhookAttemptTimeoutMs: positiveIntegerFrom('WEBHOOK_ATTEMPT_TIMEOUT_MS', env.WEBHOOK_ATTEMPT_TIMEOUT_MS),
      webhookChainLeaseMs: positiveIntegerFrom('WEBHOOK_CHAIN_LEASE_MS', env.WEBHOOK_CHAIN_LEASE_MS),
      webhookDisableFailingAfterMs: positiveIntegerFrom(
        'WEBHOOK_DISABLE_FAILING_AFTER_MS',
        env.WEBHOOK_DISABLE_FAILING_AFTER_MS,
      ),
    },
    env.DATABASE_URL ? 'PostgreSQL at DATABASE_URL' : `embedded PostgreSQL in ${dataDir}`,
  )
}

main().catch(exitWithStartFailure)
