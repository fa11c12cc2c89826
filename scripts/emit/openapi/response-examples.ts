import { readDataFile } from '../../pipeline/data-files.js'
import { join, relative } from 'node:path'
import { repoRoot } from '../../pipeline/paths.js'

/** Where `npm run gen:examples` writes the local server's answers to the request examples. */
export const responseExamplesFile = join(repoRoot, 'scripts', 'emit', 'openapi', 'response-examples.json')
/** Where `npm run gen:examples` writes the webhook delivery the engine builds for a sample mint. */
export const webhookPayloadExampleFile = join(repoRoot, 'scripts', 'emit', 'openapi', 'webhook-payload-example.json')

/** The listener id the RemoveWebhookListener request example names and the AddWebhookListener answer example carries. */
export const exampleListenerId = '00000000-0000-4000-8000-000000000000'

/**
 * An answer with what differs on every call (a new listener's id, its secret and its times) replaced by
 * fixed values, so a recorded answer can be compared with a new one.
 */
export function withFixedVaryingFields(key: string, answer: unknown): unknown {
  if (key !== 'Indexer.AddWebhookListener') return answer
  const { listener } = answer as { listener: Record<string, unknown> }
  const fixed: Record<string, unknown> = { ...listener, id: exampleListenerId }
  if ('secret' in listener) fixed.secret = `whsec_${'A'.repeat(43)}=`
  for (const time of ['createdAt', 'updatedAt']) if (time in listener) fixed[time] = '2025-01-01T00:00:00.000Z'
  return { ...(answer as object), listener: fixed }
}

/**
 * A 200 answer example per operation: the local server's answer to the operation's request example over
 * the sample data (recorded by `npm run gen:examples`; test/conform/kit.test.ts fails when the server
 * answers otherwise). Generation checks each against its response schema.
 */
export function responseExamples(): Record<string, unknown> {
  return JSON.parse(readDataFile(relative(repoRoot, responseExamplesFile))) as Record<string, unknown>
}

/** The webhook delivery example of the Indexer's OpenAPI 3.1 document (recorded by `npm run gen:examples`). */
export function webhookPayloadExample(): unknown {
  return JSON.parse(readDataFile(relative(repoRoot, webhookPayloadExampleFile))) as unknown
}
