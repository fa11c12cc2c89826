import { invalidArgument, Problem } from '../../../values/problem.js'
import type { Sql } from '../../../store/sql.js'
import type { LogSink } from '../chain/event-source.js'
import { sourceLogProblem } from '../chain/ingest.js'
import type { WebhookEngine } from '../engine-api.js'

/**
 * WebhookEngine.ingest: one raw log, checked, through the sink. No transaction is opened around it: queuing is one
 * statement that queues all of the log's deliveries or none (enqueueDeliveries), and a second one, when the first
 * queued none, sees a snapshot of its own in a transaction too; BEGIN and COMMIT would only add two round trips.
 */
export function ingestOperation(sql: Sql, sink: LogSink): WebhookEngine['ingest'] {
  return async (chainId, log) => {
    if (!Number.isSafeInteger(chainId) || chainId <= 0) throw invalidArgument('chainId', 'not a positive integer')
    const problem = sourceLogProblem(log)
    if (problem) throw new Problem('invalid-argument', problem)
    const uids = await sink.enqueue(sql, chainId, [log])
    if (uids.length) sink.committed()
    return { uids }
  }
}
