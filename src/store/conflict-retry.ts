import { Problem } from '../values/problem.js'

/**
 * SQLSTATEs with which PostgreSQL aborts a transaction only because another one ran at the same time: a
 * deadlock victim (40P01) or a serialization failure (40001). Run again, the same work succeeds.
 */
const CONFLICT_CODES = new Set(['40P01', '40001'])

/** Runs of one unit of work at most: the first and three more. */
export const MAX_CONFLICT_RUNS = 4

export function isConflict(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code
  return typeof code === 'string' && CONFLICT_CODES.has(code)
}

/**
 * Runs work (a whole transaction, or a statement outside one) again when PostgreSQL aborted it for a
 * conflict with a concurrent transaction, after a short random pause so the two do not meet again. Any other
 * failure is thrown as it is; the last conflict as a `busy` Problem (answered `Timeout`): the work was rolled
 * back whole, so the caller may send the same call again.
 */
export async function retryingConflicts<T>(work: () => Promise<T>): Promise<T> {
  for (let run = 1; ; run++) {
    try {
      return await work()
    } catch (error) {
      if (!isConflict(error)) throw error
      if (run >= MAX_CONFLICT_RUNS)
        throw new Problem('busy', 'concurrent changes kept conflicting with this one; nothing was changed, try again', {
          cause: error,
        })
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * 2 ** run))
    }
  }
}
