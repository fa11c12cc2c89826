import type { ServiceName } from '../../gen/networks.gen.js'
import type { ConformTarget } from './target.js'

/** What every check is given. */
export interface CheckContext {
  target: ConformTarget
  /** The seed of the property-based checks: the same seed sends the same requests. */
  seed: number
  /** Requests per operation in each property-based check. */
  runs: number
  /** The largest request body the implementation must take; one byte more must be refused. */
  bodyLimit: number
}

/** One check of the contract against an implementation. */
export interface Check {
  /** Stable name of what is checked, e.g. `auth.no-access-key`. */
  id: string
  service: ServiceName
  /** The operation it calls, when one (`Marketplace.GetFloorOrder`). */
  operation?: string
  title: string
  /** Throws a Violation when the implementation breaks the contract; returns a reason when it cannot run. */
  run(context: CheckContext): Promise<void | { skipped: string }>
}

export interface CheckResult {
  id: string
  service: ServiceName
  operation?: string
  title: string
  outcome: 'passed' | 'failed' | 'skipped'
  /** Why it failed or was skipped. */
  message?: string
  ms: number
}
