import { afterAll, beforeAll, expect, it } from 'vitest'
import { webhookPayloadExample } from '../../scripts/commands/record-examples.js'
import { runConformance } from '../../src/conform/run.js'
import { targetAt } from '../../src/conform/target.js'
import { removedUid } from '../../src/webhook/engine/delivery/payload.js'
import { webhookHeaders } from '../../src/webhook/engine/delivery/signature.js'
import { startTestServer, type TestServer } from '../local/support.js'
import { startBrokenImplementation } from './broken-implementation.js'

/**
 * `conform`'s webhook delivery check against an implementation whose first delivery after the event is a
 * BLOCK_REMOVED (a reorganisation took back a log, docs/webhooks.md): a valid, signed payload of either type
 * passes; one that is not a valid payload fails. The implementation is the local server, whose
 * AddWebhookListener answer tells the test the receiver's URL and secret, and the trigger sends the delivery.
 */
let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(async () => {
  await server?.close()
})

/** Runs the delivery check; its trigger signs `payload` with the new listener's secret and sends it to the listener. */
async function deliveryCheckWith(payload: Record<string, unknown>) {
  let listener: { url: string; secret: string } | undefined
  const implementation = await startBrokenImplementation(server.url, {
    answer: (path, answer) => {
      if (path.endsWith('/AddWebhookListener') && answer.status === 200) listener = answer.json.listener
      return answer
    },
  })
  try {
    const report = await runConformance({
      target: targetAt(implementation.url, server),
      services: ['indexer'],
      only: ['webhook.delivery'],
      webhookTrigger: {
        contractAddress: payload.contractAddress as string,
        events: ['Transfer(address indexed from, address indexed to, uint256 indexed tokenId)'],
        emit: async () => {
          const body = JSON.stringify(payload)
          const headers = webhookHeaders(listener!.secret, payload.uid as string, Math.floor(Date.now() / 1000), body)
          await fetch(listener!.url, {
            method: 'POST',
            headers: { 'content-type': 'application/json', ...headers },
            body,
          })
        },
        timeoutMs: 10_000,
      },
    })
    return report.results
  } finally {
    await implementation.close()
  }
}

const added = webhookPayloadExample()
const removed = { ...added, uid: removedUid(added.uid as string), type: 'BLOCK_REMOVED' }

it('accepts a BLOCK_ADDED delivery and a BLOCK_REMOVED one alike', async () => {
  expect(await deliveryCheckWith(added)).toMatchObject([{ id: 'webhook.delivery', outcome: 'passed' }])
  expect(await deliveryCheckWith(removed)).toMatchObject([{ id: 'webhook.delivery', outcome: 'passed' }])
})

it('fails a delivery whose type is neither', async () => {
  const [result] = await deliveryCheckWith({ ...removed, type: 'BLOCK_DROPPED' })
  expect(result).toMatchObject({ id: 'webhook.delivery', outcome: 'failed' })
  expect(result!.message).toContain('does not verify')
})
