import type { Answer } from './call.js'
import type { CheckContext } from './check.js'
import { operationsOf, type Operation } from './contract.js'
import { operationUrl } from './target.js'
import { call, jsonHeaders } from './call.js'

/** Removes the listener a successful AddWebhookListener call made, so checks leave no listener behind. */
export async function undoSideEffect(context: CheckContext, operation: Operation, answer: Answer): Promise<void> {
  if (operation.key !== 'Indexer.AddWebhookListener' || answer.status !== 200) return
  const listener = (answer.json as { listener?: { id?: unknown; projectId?: unknown } }).listener
  if (typeof listener?.id !== 'string') return
  const remove = operationsOf(['indexer']).find((o) => o.method === 'RemoveWebhookListener')!
  await call(operationUrl(context.target, 'indexer', remove.path), {
    headers: jsonHeaders(context.target.accessKey, context.target.secretKey),
    body: { id: listener.id, projectId: String(listener.projectId) },
  })
}
