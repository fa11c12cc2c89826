// The sizing calculator: per-network log and delivery rates and a listener count in; engines, database CPU, WAL
// and the history kept out, from the unit costs the two sizing benchmarks measured (bench/sizing/unit-costs.json,
// written by bench/webhook-unit-costs.ts and bench/webhook-million-listeners.ts). Prints the Markdown of the
// operators' guide's sizing table: its rows are this output, never edited by hand.
// Rates: bench/sizing/chain-rates.json (each network's published transactions per day and its page, or an
// assumption), or --rates <file> of the same shape.
// Run: npx tsx bench/sizing.ts [--listeners 1000000] [--retention-days 30] [--utilisation 0.6]
//      [--database-cores 8] [--deliveries-per-log 0.1] [--logs-per-transaction 4] [--rates file] [--unit-costs file]
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { planChain, type ChainPlan, type Headroom } from './sizing/plan.js'
import { readUnitCosts, unitCostsFile } from './sizing/unit-costs.js'

interface Rates {
  logsPerTransaction: number
  deliveriesPerLog: number
  assumedTransactionsPerDay: Record<string, number>
  networks: Record<string, { transactionsPerDay: number; source: string; figure: string } | { assumed: string }>
}

const { values: options } = parseArgs({
  options: {
    listeners: { type: 'string' },
    'retention-days': { type: 'string', default: '30' },
    utilisation: { type: 'string', default: '0.6' },
    'database-cores': { type: 'string', default: '8' },
    'deliveries-per-log': { type: 'string' },
    'logs-per-transaction': { type: 'string' },
    rates: { type: 'string', default: join(import.meta.dirname, 'sizing', 'chain-rates.json') },
    'unit-costs': { type: 'string', default: unitCostsFile },
  },
})

const positive = (name: string, text: string | undefined): number => {
  const value = Number(text)
  if (!(value > 0)) throw new Error(`--${name}: a positive number, not ${text}`)
  return value
}

const { delivery, listeners: listenerCosts } = readUnitCosts(options['unit-costs'])
if (!delivery || !listenerCosts)
  throw new Error(
    `${options['unit-costs']} lacks ${delivery ? '' : 'the delivery costs (bench/webhook-unit-costs.ts) '}${listenerCosts ? '' : 'the listener costs (bench/webhook-million-listeners.ts)'}`,
  )
const rates = JSON.parse(readFileSync(options.rates, 'utf8')) as Rates
const networks = (
  JSON.parse(readFileSync(join(import.meta.dirname, '..', 'schema', 'networks.json'), 'utf8')) as {
    networks: { name: string; chainId: number }[]
  }
).networks
const listeners = positive('listeners', options.listeners ?? String(listenerCosts.listeners))
const logsPerTransaction = positive(
  'logs-per-transaction',
  options['logs-per-transaction'] ?? String(rates.logsPerTransaction),
)
const deliveriesPerLog = positive('deliveries-per-log', options['deliveries-per-log'] ?? String(rates.deliveriesPerLog))
const headroom: Headroom = {
  utilisation: positive('utilisation', options.utilisation),
  databaseCores: positive('database-cores', options['database-cores']),
  retentionDays: positive('retention-days', options['retention-days']),
}

const number = (value: number, digits = 0) =>
  value.toLocaleString('en', { minimumFractionDigits: digits, maximumFractionDigits: digits })
const bytes = (value: number, units: string[]) => {
  let unit = 0
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024
    unit++
  }
  return `${number(value, value < 10 ? 1 : 0)} ${units[unit]}`
}
const size = (value: number) => bytes(value, ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB'])
const perSecond = (value: number) => `${bytes(value, ['B', 'KiB', 'MiB', 'GiB'])}/s`
const percent = (share: number) => `${number(share * 100)}%`

console.log(
  `Unit costs per delivery: engine ${number(delivery.engineCpuMicros)} µs of CPU, PostgreSQL ${number(delivery.postgresCpuMicros)} µs, ` +
    `WAL ${size(delivery.walBytes)}, kept ${size(delivery.keptBytes)} (over ${number(delivery.deliveries)} deliveries, ` +
    `${delivery.measuredAt} UTC, ${delivery.machine}). One chain with ${number(listenerCosts.listeners)} listeners: ` +
    `ready in ${number(listenerCosts.readyMs / 1000, 1)} s, RSS ${size(listenerCosts.rssBytes)} (peak ${size(listenerCosts.peakRssBytes)}), ` +
    `${number(listenerCosts.unwatchedLogsPerCpuSecond)} logs matching nothing per CPU-second ` +
    `(${number(listenerCosts.logsPerCpuSecond)} of a mix, half on watched contracts; ${listenerCosts.measuredAt} UTC, ${listenerCosts.machine}).`,
)
console.log(
  `\nAssumed: ${number(logsPerTransaction)} logs per transaction, ${deliveriesPerLog} deliveries per log, ${number(listeners)} listeners on each network; ` +
    `engines planned at ${percent(headroom.utilisation)} of a core, database servers of ${number(headroom.databaseCores)} cores at ${percent(headroom.utilisation)}; ` +
    `${number(headroom.retentionDays)} days of history kept. Transactions per second of a network without a published figure: ` +
    Object.entries(rates.assumedTransactionsPerDay)
      .map(([kind, perDay]) => `${number(perDay / 86_400)} (${kind})`)
      .join(' or ') +
    '.\n',
)
console.log(
  '| network | chain id | transactions per day (source) | logs/s | deliveries/s | engine cores | engines | PostgreSQL cores | WAL | history kept |',
)
console.log('|---|---:|---|---:|---:|---:|---:|---:|---:|---:|')
const rows: { logsPerSecond: number; deliveriesPerSecond: number; plan: ChainPlan }[] = []
for (const { name, chainId } of networks) {
  const rate = rates.networks[name]
  if (!rate) throw new Error(`${options.rates}: no rate for network ${name}`)
  const perDay = 'assumed' in rate ? rates.assumedTransactionsPerDay[rate.assumed] : rate.transactionsPerDay
  if (perDay === undefined)
    throw new Error(`${options.rates}: no assumed rate for ${name}'s kind ${JSON.stringify(rate)}`)
  const logsPerSecond = (perDay / 86_400) * logsPerTransaction
  const deliveriesPerSecond = logsPerSecond * deliveriesPerLog
  const plan = planChain({ logsPerSecond, deliveriesPerSecond, listeners }, delivery, listenerCosts, headroom)
  rows.push({ logsPerSecond, deliveriesPerSecond, plan })
  const source = 'assumed' in rate ? `assumed (${rate.assumed})` : `${number(perDay)}: [${rate.figure}](${rate.source})`
  console.log(
    `| ${name} | ${chainId} | ${source} | ${number(logsPerSecond)} | ${number(deliveriesPerSecond, deliveriesPerSecond < 10 ? 1 : 0)} | ${number(plan.engineCores, 2)} | ` +
      `${plan.engines} × ${size(plan.engineRssBytes)} | ${number(plan.postgresCores, 2)} | ${perSecond(plan.walBytesPerSecond)} | ${size(plan.storageBytes)} |`,
  )
}
const sum = (pick: (row: (typeof rows)[number]) => number) => rows.reduce((total, row) => total + pick(row), 0)
const databases = Math.max(1, Math.ceil(sum(({ plan }) => plan.databases)))
console.log(
  `| all ${rows.length} networks | | | ${number(sum((row) => row.logsPerSecond))} | ${number(sum((row) => row.deliveriesPerSecond))} | ` +
    `${number(
      sum(({ plan }) => plan.engineCores),
      2,
    )} | ${sum(({ plan }) => plan.engines)} | ` +
    `${number(
      sum(({ plan }) => plan.postgresCores),
      2,
    )} (${databases} × ${number(headroom.databaseCores)} cores) | ` +
    `${perSecond(sum(({ plan }) => plan.walBytesPerSecond))} | ${size(sum(({ plan }) => plan.storageBytes))} |`,
)
