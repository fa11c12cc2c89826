import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createWebhookReceiver } from '../../webhook/receiver/receiver.js'
import { requestExamples } from '../../reference/data/request-examples.js'
import type { Check, CheckContext } from '../check.js'
import type { Operation } from '../contract.js'
import { expectValidAnswer, Violation } from '../judge.js'
import { callOperation } from './operation-checks.js'

/** How the kit makes an event happen after registering a listener, when it can. */
export interface WebhookTrigger {
  /** The token contract the listener listens to. */
  contractAddress: string
  /** The event signatures it listens to. */
  events: string[]
  /** Emits an event the listener matches (e.g. runs a command that mints a token). */
  emit: () => Promise<void>
  /** How long to wait for the delivery. */
  timeoutMs: number
}

interface Arrival {
  body: Buffer
  headers: IncomingMessage['headers']
}

/** A loopback HTTP receiver on 127.0.0.1: the first request it gets, answered 200. */
async function loopbackReceiver(host: string) {
  let arrived: (arrival: Arrival) => void = () => {}
  const first = new Promise<Arrival>((resolve) => (arrived = resolve))
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      response.writeHead(200).end()
      arrived({ body: Buffer.concat(chunks), headers: request.headers })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, host, resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://${host}:${port}/conform-hook`,
    first,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections() // the sender's kept-alive connection would hold close() up
      }),
  }
}

async function removeListener(context: CheckContext, remove: Operation, id: string, projectId: string) {
  const answer = await callOperation(context, remove, { body: { id, projectId } })
  if (answer.status !== 200) throw new Violation(`RemoveWebhookListener of ${id}: HTTP ${answer.status} ${answer.text}`)
  expectValidAnswer(answer, remove, 'RemoveWebhookListener of the listener it added')
}

/**
 * A listener registered to a loopback receiver and removed again (docs/webhooks.md); with a trigger, the
 * delivery of the event it emits, verified as a receiver verifies it: Standard Webhooks signature with
 * the listener's secret, timestamp, payload schema.
 */
export function webhookChecks(operations: readonly Operation[], trigger?: WebhookTrigger, host = '127.0.0.1'): Check[] {
  const add = operations.find((o) => o.key === 'Indexer.AddWebhookListener')
  const remove = operations.find((o) => o.key === 'Indexer.RemoveWebhookListener')
  if (!add || !remove) return []
  const example = requestExamples[add.key] as { filters: { contractAddresses: string[]; events: string[] } }
  return [
    {
      id: trigger ? 'webhook.delivery' : 'webhook.registration',
      service: 'indexer',
      operation: add.key,
      title: trigger
        ? 'a listener on a loopback receiver gets the emitted event, signed with its secret, within the payload schema'
        : 'a listener on a loopback receiver is registered with a signing secret and removed',
      async run(context) {
        if (!context.target.secretKey) return { skipped: 'needs --secret-key' }
        const receiver = await loopbackReceiver(host)
        try {
          const filters = trigger
            ? { contractAddresses: [trigger.contractAddress], events: trigger.events }
            : example.filters
          const answer = await callOperation(context, add, { body: { url: receiver.url, filters } })
          if (answer.status !== 200)
            throw new Violation(`AddWebhookListener of a loopback receiver: HTTP ${answer.status} ${answer.text}`)
          expectValidAnswer(answer, add, 'AddWebhookListener of a loopback receiver')
          const listener = (answer.json as { listener: { id: string; projectId: string; secret?: string } }).listener
          try {
            if (typeof listener.secret !== 'string' || !listener.secret.startsWith('whsec_'))
              throw new Violation(
                'AddWebhookListener answered no listener.secret ("whsec_…") to verify deliveries with',
              )
            if (trigger) await verifiedDelivery(receiver.first, listener.secret, trigger)
          } finally {
            await removeListener(context, remove, listener.id, listener.projectId)
          }
        } finally {
          await receiver.close()
        }
      },
    },
  ]
}

async function verifiedDelivery(first: Promise<Arrival>, secret: string, trigger: WebhookTrigger): Promise<void> {
  await trigger.emit()
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Violation(`no delivery reached the loopback receiver within ${trigger.timeoutMs} ms`)),
      trigger.timeoutMs,
    )
  })
  try {
    const arrival = await Promise.race([first, timeout])
    const receiver = createWebhookReceiver({ secret, onDelivery: () => {} })
    const header = (name: string) => {
      const value = arrival.headers[name]
      return Array.isArray(value) ? value[0] : value
    }
    await receiver.verify(arrival.body, header).catch((error: Error) => {
      throw new Violation(`the delivery does not verify: ${error.message}`)
    })
  } finally {
    clearTimeout(timer)
  }
}
