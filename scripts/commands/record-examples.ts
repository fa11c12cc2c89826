/**
 * `npm run gen:examples`: records the OpenAPI examples that only the running server and engine can make. It starts the local
 * server and runs src/webhook's code, so it is no generation step: generation reads the files it writes.
 */
import { writeFileSync } from 'node:fs'
import { pad, toHex } from 'viem'
import { call, jsonHeaders } from '../../src/conform/call.js'
import { requestExamples } from '../../src/reference/data/request-examples.js'
import { operationUrl, targetAt, type ConformTarget } from '../../src/conform/target.js'
import { sampleCollections } from '../../src/reference/data/sample-data.js'
import { startLocalServer } from '../../src/local/server.js'
import { parseEventSignature } from '../../src/webhook/engine/matching/event-signature.js'
import { deliveryUid } from '../../src/webhook/engine/delivery/payload.js'
import {
  responseExamplesFile,
  webhookPayloadExampleFile,
  withFixedVaryingFields,
} from '../emit/openapi/response-examples.js'
import { exitWithHelpIfAsked } from './cli-help.js'

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
    const serviceName = service.toLowerCase() as Parameters<typeof operationUrl>[1]
    const url = operationUrl(target, serviceName, `/rpc/${service}/${method}`)
    const answer = await call(url, { headers: jsonHeaders(target.accessKey, target.secretKey), body })
    if (answer.status !== 200) throw new Error(`${key} answered ${answer.status}: ${answer.text}`)
    if (key === 'Indexer.AddWebhookListener')
      addedListenerId = (answer.json as { listener: { id: string } }).listener.id
    answers[key] = withFixedVaryingFields(key, answer.json)
  }
  return answers
}

/** A delivery of a mint of token 1 of the sample heroes collection, as the webhook engine builds one (src/webhook/engine/delivery/payload.ts). */
export function webhookPayloadExample(): Record<string, unknown> {
  const transfer = parseEventSignature('Transfer(address indexed from, address indexed to, uint256 indexed tokenId)')
  const from = '0x0000000000000000000000000000000000000000'
  const to = '0x1111111111111111111111111111111111111111'
  const txnHash = `0x${'ab'.repeat(32)}`
  const word = (value: string | bigint) => pad(toHex(typeof value === 'bigint' ? value : BigInt(value)), { size: 32 })
  return {
    uid: deliveryUid(137, txnHash, 0, '00000000-0000-4000-8000-000000000000'),
    type: 'BLOCK_ADDED',
    blockNumber: 1000,
    blockHash: `0x${'12'.repeat(32)}`,
    parentBlockHash: `0x${'11'.repeat(32)}`,
    contractAddress: sampleCollections.heroes.contractAddress.toLowerCase(),
    contractType: 'ERC721',
    txnHash,
    txnIndex: 0,
    txnLogIndex: '0',
    ts: '2026-01-01T00:00:00.000Z',
    event: {
      topicHash: transfer.topicHash,
      eventSig: transfer.eventSig,
      types: transfer.types,
      names: transfer.names,
      values: [word(from), word(to), word(1n)],
    },
    logDataType: 'TOKEN_TRANSFER',
    rawLog: { data: '0x', topics: [transfer.topicHash, word(from), word(to), word(1n)] },
  }
}

const json = (value: unknown) => JSON.stringify(value, null, 2) + '\n'

export async function main(): Promise<void> {
  exitWithHelpIfAsked(
    `npm run gen:examples

Starts the local contract server on the sample data, calls every operation with its request example
and writes the answers to scripts/emit/openapi/response-examples.json (the OpenAPI 200 examples), and
writes the webhook delivery the engine builds for a sample mint to
scripts/emit/openapi/webhook-payload-example.json. Run it, then npm run gen, when the sample data, an
operation's answer or the webhook payload changes.`,
  )

  writeFileSync(webhookPayloadExampleFile, json(webhookPayloadExample()))
  const server = await startLocalServer({ port: 0, host: '127.0.0.1', validateResponses: true })
  try {
    const answers = await recordedAnswers(requestExamples, targetAt(server.url, server))
    writeFileSync(responseExamplesFile, json(answers))
    console.log(`wrote ${Object.keys(answers).length} answers to ${responseExamplesFile}`)
  } finally {
    await server.close()
  }
}
