import { resolve } from 'node:path'
import { exitWithStartFailure, serveUntilStopped, storeDescription } from './run.js'
import { portFrom, positiveIntegerFrom } from './settings.js'
import { parseChainRpcUrls } from './chains.js'

/**
 * `npm start`: the local contract server. Environment: PORT, HOST, DATA_DIR, DATABASE_URL, FIXTURES, JWT_SECRET,
 * CHAIN_RPC_URLS, WEBHOOK_ATTEMPT_TIMEOUT_MS, WEBHOOK_CHAIN_LEASE_MS,
 * WEBHOOK_DISABLE_FAILING_AFTER_MS, VALIDATE_RESPONSES.
 */
export async function main(): Promise<void> {
  try {
    await serveFromEnvironment(process.env)
  } catch (error) {
    exitWithStartFailure(error)
  }
}

async function serveFromEnvironment(env: NodeJS.ProcessEnv) {
  // In memory unless DATA_DIR names a folder: a fresh store each start, ready before PGlite is ever loaded.
  const dataDir = env.DATA_DIR && !env.DATABASE_URL ? resolve(env.DATA_DIR) : undefined
  const databaseUrl = env.DATABASE_URL || undefined
  await serveUntilStopped(
    {
      port: portFrom('PORT', env.PORT),
      host: env.HOST || '127.0.0.1',
      dataDir,
      databaseUrl,
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
    storeDescription({ dataDir, databaseUrl }, 'DATABASE_URL'),
  )
}
