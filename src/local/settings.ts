import { resolve } from 'node:path'
import { DEFAULT_LISTEN_BACKLOG, DEFAULT_REQUESTS_PER_TURN } from '../server/node.js'
import { DEFAULT_CHAIN_LEASE_MS } from '../webhook/engine/cluster/chain-lease.js'
import { DEFAULT_ATTEMPT_TIMEOUT_MS } from '../webhook/engine/delivery/configured-worker.js'
import { DEFAULT_DISABLE_FAILING_AFTER_MS } from '../webhook/engine/delivery/recovery.js'
import { parseChainRpcUrls, withConfirmations } from './chains.js'
import { parseWebhookDatabaseUrls } from './webhook-databases.js'
import { DEFAULT_HOST, DEFAULT_PORT } from './default-address.js'
import type { LocalServerOptions } from './server.js'

/**
 * One setting of the local server: a flag of `web3-market-contract serve` and `npm start`, and the
 * environment variable read when the flag is absent. docs/guides/test-authors.md#settings lists the same rows.
 */
interface Setting {
  flag: `--${string}`
  env: string
  /** The flag's value as the help shows it; none for a switch. */
  value?: `<${string}>`
  /** As the help and docs/guides/test-authors.md show it: the constant the code applies, or what happens without one. */
  default: string
  help: string
  /** Sets the option from the flag's or the variable's text (a switch's text is '1' when on). */
  apply(options: LocalServerOptions, text: string, from: string): void
}

export const localServerSettings: readonly Setting[] = [
  {
    flag: '--port',
    env: 'PORT',
    value: '<n>',
    default: String(DEFAULT_PORT),
    help: 'port to listen on (0 = any free port)',
    apply: (options, text, from) => (options.port = portFrom(from, text)),
  },
  {
    flag: '--host',
    env: 'HOST',
    value: '<address>',
    default: DEFAULT_HOST,
    help: 'address to listen on',
    apply: (options, text) => (options.host = text),
  },
  {
    flag: '--data-dir',
    env: 'DATA_DIR',
    value: '<dir>',
    default: 'in memory, fresh at each start',
    help: 'keep the embedded store in this folder across restarts',
    apply: (options, text) => (options.dataDir = resolve(text)),
  },
  {
    flag: '--database-url',
    env: 'DATABASE_URL',
    value: '<url>',
    default: 'none',
    help: 'run the store on this PostgreSQL database instead',
    apply: (options, text) => (options.databaseUrl = text),
  },
  {
    flag: '--fixtures',
    env: 'FIXTURES',
    value: '<file>',
    default: 'none',
    help: 'extra data (format: web3-market-contract/fixtures.schema.json)',
    apply: (options, text) => (options.fixtures = resolve(text)),
  },
  {
    flag: '--jwt-secret',
    env: 'JWT_SECRET',
    value: '<secret>',
    default: 'random, kept in the store',
    help: 'sign and verify secret keys with this HS256 secret',
    apply: (options, text) => (options.jwtSecret = text),
  },
  {
    flag: '--chain-rpc-urls',
    env: 'CHAIN_RPC_URLS',
    value: '<list>',
    default: 'none',
    help: '<network>=<EVM JSON-RPC url>,...: the chains whose logs feed webhook listeners',
    apply: (options, text, from) => (options.chains = parseChainRpcUrls(text, from)),
  },
  {
    flag: '--chain-confirmations',
    env: 'CHAIN_CONFIRMATIONS',
    value: '<list>',
    default: '0 on every chain',
    help: '<network>=<blocks>,...: deliver a block once this many blocks follow it (no reorg that shallow reaches receivers)',
    apply: (options, text, from) => (options.chains = withConfirmations(options.chains ?? [], text, from)),
  },
  {
    flag: '--requests-per-turn',
    env: 'REQUESTS_PER_TURN',
    value: '<n>',
    default: String(DEFAULT_REQUESTS_PER_TURN),
    help: 'calls started per turn of the event loop under load, so new connections are still accepted',
    apply: (options, text, from) => (options.requestsPerTurn = positiveIntegerFrom(from, text)),
  },
  {
    flag: '--listen-backlog',
    env: 'LISTEN_BACKLOG',
    value: '<n>',
    default: String(DEFAULT_LISTEN_BACKLOG),
    help: 'connections the kernel holds until the server accepts them',
    apply: (options, text, from) => (options.listenBacklog = positiveIntegerFrom(from, text)),
  },
  {
    flag: '--validate-responses',
    env: 'VALIDATE_RESPONSES',
    default: 'off',
    help: 'check every response against its JSON Schema before sending it (VALIDATE_RESPONSES=1)',
    apply: (options, text) => (options.validateResponses = text === '1'),
  },
  {
    flag: '--webhook-attempt-timeout-ms',
    env: 'WEBHOOK_ATTEMPT_TIMEOUT_MS',
    value: '<ms>',
    default: duration(DEFAULT_ATTEMPT_TIMEOUT_MS),
    help: "longest wait for a webhook receiver's answer",
    apply: (options, text, from) => (options.webhookAttemptTimeoutMs = positiveIntegerFrom(from, text)),
  },
  {
    flag: '--webhook-chain-lease-ms',
    env: 'WEBHOOK_CHAIN_LEASE_MS',
    value: '<ms>',
    default: duration(DEFAULT_CHAIN_LEASE_MS),
    help: "how long one server's lease on following a chain lasts",
    apply: (options, text, from) => (options.webhookChainLeaseMs = positiveIntegerFrom(from, text)),
  },
  {
    flag: '--webhook-database-urls',
    env: 'WEBHOOK_DATABASE_URLS',
    value: '<list>',
    default: 'none: every network in the store above',
    help: "<network>=<postgresql url>,...: keep these networks' webhook listeners and deliveries in their own database",
    apply: (options, text, from) => (options.webhookDatabases = parseWebhookDatabaseUrls(text, from)),
  },
  {
    flag: '--webhook-disable-failing-after-ms',
    env: 'WEBHOOK_DISABLE_FAILING_AFTER_MS',
    value: '<ms>',
    default: duration(DEFAULT_DISABLE_FAILING_AFTER_MS),
    help: 'disable a listener whose delivery attempts have all failed for this long',
    apply: (options, text, from) => (options.webhookDisableFailingAfterMs = positiveIntegerFrom(from, text)),
  },
  {
    flag: '--webhook-history-retention-ms',
    env: 'WEBHOOK_HISTORY_RETENTION_MS',
    value: '<ms>',
    default: '2592000000 (30 days)',
    help: 'keep finished webhook deliveries and their attempts this long',
    apply: (options, text, from) => (options.webhookHistoryRetentionMs = positiveIntegerFrom(from, text)),
  },
]

/** The settings of one start: flags first, then the environment; where each store setting came from, for the banner. */
export interface LocalServerSettings {
  options: LocalServerOptions
  databaseUrlFrom: string
}

/** Reads every setting from `flags` (`--name value`, `--name=value`, a switch alone) or else from `env`. */
export function readSettings(flags: Record<string, string | boolean | undefined>, env: NodeJS.ProcessEnv) {
  const options: LocalServerOptions = {}
  let databaseUrlFrom = 'DATABASE_URL'
  for (const setting of localServerSettings) {
    const flag = flags[setting.flag.slice(2)]
    const [text, from] =
      flag === undefined ? [env[setting.env], setting.env] : [flag === true ? '1' : String(flag), setting.flag]
    if (text === undefined || text === '') continue
    setting.apply(options, text, from)
    if (setting.env === 'DATABASE_URL') databaseUrlFrom = from
  }
  // A PostgreSQL database is the store when one is named; the data dir is then not used.
  if (options.databaseUrl) delete options.dataDir
  return {
    options: { port: DEFAULT_PORT, host: DEFAULT_HOST, ...options },
    databaseUrlFrom,
  } satisfies LocalServerSettings
}

/** The `parseArgs` options of the settings, and -h/--help. */
export const settingFlags: Record<string, { type: 'string' | 'boolean'; short?: string }> = Object.fromEntries([
  ...localServerSettings.map((setting) => [
    setting.flag.slice(2),
    { type: setting.value ? ('string' as const) : ('boolean' as const) },
  ]),
  ['help', { type: 'boolean' as const, short: 'h' }],
])

/** The settings as the help lists them: the flag and what it does, then its variable and default. */
export function settingsHelp(): string {
  const left = (setting: Setting) => `${setting.flag}${setting.value ? ` ${setting.value}` : ''}`
  const width = Math.max(...localServerSettings.map((setting) => left(setting).length)) + 2
  const lines = localServerSettings.flatMap((setting) => [
    `  ${left(setting).padEnd(width)}${setting.help}`,
    `  ${''.padEnd(width)}${setting.env}; default: ${setting.default}`,
  ])
  return [...lines, `  ${'-h, --help'.padEnd(width)}this text`].join('\n')
}

/** Milliseconds as the help shows them, with the days when they are whole days: `432000000 (5 days)`. */
function duration(ms: number): string {
  const days = ms / 86_400_000
  return Number.isInteger(days) ? `${ms} (${days} day${days === 1 ? '' : 's'})` : String(ms)
}

function portFrom(name: string, value: string): number {
  const port = Number(value)
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`${name} must be 0..65535, got ${value}`)
  return port
}

function positiveIntegerFrom(name: string, value: string): number {
  const number = Number(value)
  if (!Number.isSafeInteger(number) || number <= 0) throw new Error(`${name} must be a positive integer, got ${value}`)
  return number
}
