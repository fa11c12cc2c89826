import { invalidArgument, Problem } from '../../../values/problem.js'
import type { Sql } from '../../../store/sql.js'
import type { LogSink } from '../chain/event-source.js'
import { sourceLogProblem } from '../chain/ingest.js'
import type { WebhookEngine } from '../engine-api.js'

/** WebhookEngine.ingest: one raw log, checked, through the sink in a transaction of its own. */
export function ingestOperation(sql: Sql, sink: LogSink): WebhookEngine['ingest'] {
  return async (chainId, log) => {
    if (!Number.isSafeInteger(chainId) || chainId <= 0) throw invalidArgument('chainId', 'not a positive integer')
    const problem = sourceLogProblem(log)
    if (problem) throw new Problem('invalid-argument', problem)
    const uids = await sql.transaction((tx) => sink.enqueue(tx, chainId, [log]))
    if (uids.length) sink.committed()
    return { uids }
  }
}
