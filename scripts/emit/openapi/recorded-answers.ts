import type { ServiceName } from '../../../gen/networks.gen.js'
import { call, jsonHeaders } from '../../../src/conform/call.js'
import { operationUrl, type ConformTarget } from '../../../src/conform/target.js'
import { withFixedVaryingFields } from './response-examples.js'

/**
 * The answers of a server to each operation's request example, what varies per call fixed. The
 * RemoveWebhookListener example names a listener no server has: it removes the one the
 * AddWebhookListener example just added instead.
 */
export async function recordedAnswers(
  examples: Readonly<Record<string, unknown>>,
  target: ConformTarget,
): Promise<Record<string, unknown>> {
  const answers: Record<string, unknown> = {}
  let addedListenerId: string | undefined
  for (const [key, example] of Object.entries(examples)) {
    const [service, method] = key.split('.') as [string, string]
    const body =
      key === 'Indexer.RemoveWebhookListener' && addedListenerId
        ? { ...(example as object), id: addedListenerId }
        : example
    const url = operationUrl(target, service.toLowerCase() as ServiceName, `/rpc/${service}/${method}`)
    const answer = await call(url, { headers: jsonHeaders(target.accessKey, target.secretKey), body })
    if (answer.status !== 200) throw new Error(`${key} answered ${answer.status}: ${answer.text}`)
    if (key === 'Indexer.AddWebhookListener')
      addedListenerId = (answer.json as { listener: { id: string } }).listener.id
    answers[key] = withFixedVaryingFields(key, answer.json)
  }
  return answers
}
