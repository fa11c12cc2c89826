import type { ServiceName } from '../../gen/networks.gen.js'
import { DEFAULT_BODY_LIMIT } from '../server/body-limit.js'
import type { Check, CheckContext, CheckResult } from './check.js'
import { operationChecks } from './checks/operation-checks.js'
import { propertyChecks } from './checks/property-checks.js'
import { serviceChecks } from './checks/service-checks.js'
import { webhookChecks, type WebhookTrigger } from './checks/webhook-checks.js'
import { operationsOf, serviceNames } from './contract.js'
import { Violation } from './judge.js'
import type { ConformTarget } from './target.js'

export interface ConformOptions {
  target: ConformTarget
  /** The services to check (default: all five). */
  services?: readonly ServiceName[]
  seed?: number
  runs?: number
  bodyLimit?: number
  /** How to make an event happen for the webhook delivery check; without it, registration alone is checked. */
  webhookTrigger?: WebhookTrigger
  /** The address the loopback receiver listens on (one the implementation can reach). */
  receiverHost?: string
  /** Run only the checks of these ids (`auth.no-access-key`, …); default all. */
  only?: readonly string[]
  /** Checks run at once. */
  concurrency?: number
}

export interface ConformReport {
  target: { urls: Record<string, string>; network: string }
  seed: number
  results: CheckResult[]
  passed: number
  failed: number
  skipped: number
  ms: number
}

/** Every check of the selected services, in report order. */
export function checksFor(options: ConformOptions): Check[] {
  const services = options.services ?? serviceNames
  const selected = (check: Check) => !options.only || options.only.includes(check.id)
  return services.flatMap((service) => {
    const operations = operationsOf([service])
    return [
      ...operations.flatMap((operation, i) => [...operationChecks(operation), ...propertyChecks(operation, i)]),
      ...serviceChecks(service, operations),
      ...webhookChecks(operations, options.webhookTrigger, options.receiverHost),
    ].filter(selected)
  })
}

async function runOne(check: Check, context: CheckContext): Promise<CheckResult> {
  const started = performance.now()
  const { id, service, operation, title } = check
  const done = (outcome: CheckResult['outcome'], message?: string): CheckResult => ({
    id,
    service,
    ...(operation ? { operation } : {}),
    title,
    outcome,
    ...(message === undefined ? {} : { message }),
    ms: Math.round(performance.now() - started),
  })
  try {
    const verdict = await check.run(context)
    return verdict ? done('skipped', verdict.skipped) : done('passed')
  } catch (error) {
    const message = error instanceof Violation ? error.message : `the check itself failed: ${(error as Error).stack}`
    return done('failed', message)
  }
}

/** Runs the contract's checks against an implementation; never throws for what the implementation answers. */
export async function runConformance(options: ConformOptions): Promise<ConformReport> {
  const started = performance.now()
  const seed = options.seed ?? 20261125
  const context: CheckContext = {
    target: options.target,
    seed,
    runs: options.runs ?? 5,
    bodyLimit: options.bodyLimit ?? DEFAULT_BODY_LIMIT,
  }
  const checks = checksFor(options)
  const results: CheckResult[] = new Array(checks.length)
  let next = 0
  const worker = async () => {
    while (next < checks.length) {
      const index = next++
      results[index] = await runOne(checks[index]!, context)
    }
  }
  await Promise.all(Array.from({ length: options.concurrency ?? 8 }, worker))
  const count = (outcome: CheckResult['outcome']) => results.filter((r) => r.outcome === outcome).length
  return {
    target: { urls: { ...options.target.urls }, network: options.target.network },
    seed,
    results,
    passed: count('passed'),
    failed: count('failed'),
    skipped: count('skipped'),
    ms: Math.round(performance.now() - started),
  }
}
