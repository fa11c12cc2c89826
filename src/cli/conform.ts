import { spawn } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { isNetwork, type ServiceName } from '../../gen/networks.gen.js'
import { DEFAULT_BODY_LIMIT } from '../server/body-limit.js'
import { conformUsage } from './usage/conform.js'
import { serviceNames } from '../conform/contract.js'
import { junitReport, textReport } from '../conform/report.js'
import { runConformance } from '../conform/run.js'
import { targetAt } from '../conform/target.js'

const transferEvents = [
  'Transfer(address indexed from, address indexed to, uint256 value)',
  'Transfer(address indexed from, address indexed to, uint256 indexed tokenId)',
  'TransferSingle(address indexed operator, address indexed from, address indexed to, uint256 id, uint256 value)',
]

const runShell = (command: string) =>
  new Promise<void>((resolve, reject) => {
    const child = spawn(command, { shell: true, stdio: ['ignore', 'inherit', 'inherit'] })
    child.on('error', reject)
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`--webhook-trigger exited with ${code}: ${command}`)),
    )
  })

const integer = (flag: string, text: string | undefined, fallback: number) => {
  if (text === undefined) return fallback
  const value = Number(text)
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`${flag} must be a non-negative integer, not ${text}`)
  return value
}

/** `web3-market-contract conform …`: resolves to the exit code. */
export async function command(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      url: { type: 'string' },
      'access-key': { type: 'string' },
      'secret-key': { type: 'string' },
      service: { type: 'string', multiple: true },
      check: { type: 'string', multiple: true },
      network: { type: 'string' },
      ...Object.fromEntries(serviceNames.map((name) => [`${name}-url`, { type: 'string' as const }])),
      seed: { type: 'string' },
      runs: { type: 'string' },
      'body-limit': { type: 'string' },
      'webhook-contract': { type: 'string' },
      'webhook-event': { type: 'string', multiple: true },
      'webhook-trigger': { type: 'string' },
      'webhook-timeout': { type: 'string' },
      'receiver-host': { type: 'string' },
      junit: { type: 'string' },
      json: { type: 'string' },
      verbose: { type: 'boolean' },
    },
  })
  const option = (name: string) => (values as Record<string, unknown>)[name] as string | undefined
  if (!values.url || !values['access-key']) throw new Error(`--url and --access-key are required\n\n${conformUsage}`)
  const services = (values.service ?? serviceNames) as ServiceName[]
  const unknown = services.filter((s) => !serviceNames.includes(s))
  if (unknown.length > 0) throw new Error(`unknown --service ${unknown.join(', ')}: one of ${serviceNames.join(', ')}`)
  const network = values.network ?? 'polygon'
  if (!isNetwork(network)) throw new Error(`unknown --network ${network}`)
  const target = targetAt(values.url, { network, accessKey: values['access-key'], secretKey: values['secret-key'] })
  const urls = { ...target.urls }
  for (const name of serviceNames) urls[name] = option(`${name}-url`) ?? urls[name]
  const trigger = values['webhook-trigger']
  if (trigger && !values['webhook-contract']) throw new Error('--webhook-trigger needs --webhook-contract')
  const report = await runConformance({
    target: { ...target, urls },
    services,
    ...(values.check ? { only: values.check } : {}),
    seed: integer('--seed', values.seed, 20261125),
    runs: integer('--runs', values.runs, 5),
    bodyLimit: integer('--body-limit', values['body-limit'], DEFAULT_BODY_LIMIT),
    receiverHost: values['receiver-host'],
    ...(trigger
      ? {
          webhookTrigger: {
            contractAddress: values['webhook-contract']!,
            events: values['webhook-event'] ?? transferEvents,
            emit: () => runShell(trigger),
            timeoutMs: integer('--webhook-timeout', values['webhook-timeout'], 20_000),
          },
        }
      : {}),
  })
  process.stdout.write(textReport(report, values.verbose === true))
  if (values.junit) writeFileSync(values.junit, junitReport(report))
  if (values.json) writeFileSync(values.json, JSON.stringify(report, null, 2) + '\n')
  return report.failed === 0 ? 0 : 1
}
