import http from 'node:http'
import type { AddressInfo } from 'node:net'
import type { WebhookPayload } from '../../../gen/indexer.gen.js'
import { createWebhookReceiver, nodeWebhookHandler, type WebhookReceiver } from '../../../src/webhook/index.js'

/** What the receiving app saw: each payload its onDelivery was called with. */
export interface TestReceiver {
  url: string
  /** BLOCK_ADDED payloads handed to the app (after verification and dedupe). */
  delivered: WebhookPayload[]
  /** BLOCK_REMOVED payloads handed to the app (after verification and dedupe). */
  removed: WebhookPayload[]
  /** The webhook-id of every request that reached the server, answered or not. */
  arrived: string[]
  /** Every HTTP request that reached the server and was answered, with its answer status. */
  requests: { uid: string | undefined; status: number }[]
  /** Sets the listener secret once AddWebhookListener returned it. */
  useSecret(secret: string): void
  /** Answers the next requests with this status and headers instead of handling them (undefined: handle). */
  answerWith(status: number | undefined, headers?: Record<string, string>): void
  /** Waits this long before handling each request (a slow receiver); a function gives each request its own wait. */
  delayAnswers(ms: number | (() => number)): void
  /** The next n deliveries reach the app, but the connection drops before the answer (the sender will retry them). */
  loseAnswers(n: number): void
  /** Hands only the next n requests to the app; later ones are held unanswered until holdAfter(undefined). */
  holdAfter(n: number | undefined): void
  /**
   * Hands the held requests to the app after all (their answers reach the sender if it is still there), and admits
   * later ones.
   */
  releaseHeld(): void
  /** Stops listening (connection refused) until up() is called; the port is kept. */
  down(): Promise<void>
  up(): Promise<void>
  close(): Promise<void>
}

export async function startTestReceiver(port = 0): Promise<TestReceiver> {
  const delivered: WebhookPayload[] = []
  const removed: WebhookPayload[] = []
  const requests: TestReceiver['requests'] = []
  const arrived: string[] = []
  let receiver: WebhookReceiver | undefined
  let forced: { status: number; headers: Record<string, string> } | undefined
  let answersToLose = 0
  let answerDelayMs: () => number = () => 0
  let admitLeft: number | undefined
  const held: { request: http.IncomingMessage; response: http.ServerResponse }[] = []
  const handler = (request: http.IncomingMessage, response: http.ServerResponse) => {
    const uid = request.headers['webhook-id'] as string | undefined
    arrived.push(uid ?? '')
    response.on('finish', () => requests.push({ uid, status: response.statusCode }))
    if (forced) {
      request.resume()
      response.writeHead(forced.status, forced.headers).end()
      return
    }
    if (!receiver) return response.writeHead(503).end()
    if (admitLeft !== undefined) {
      if (admitLeft === 0) {
        request.on('error', () => {}) // the sender may give up on it meanwhile
        held.push({ request, response })
        return
      }
      admitLeft--
    }
    const delayMs = answerDelayMs()
    if (delayMs > 0) {
      const ready = receiver
      setTimeout(() => void nodeWebhookHandler(ready)(request, response), delayMs)
      return
    }
    if (answersToLose > 0) {
      answersToLose--
      return void handleThenDrop(receiver, request)
    }
    void nodeWebhookHandler(receiver)(request, response)
  }
  let server = http.createServer(handler)
  await listen(server, port)
  const boundPort = (server.address() as AddressInfo).port
  return {
    url: `http://127.0.0.1:${boundPort}/hooks`,
    delivered,
    removed,
    requests,
    arrived,
    useSecret(secret) {
      receiver = createWebhookReceiver({
        secret,
        onDelivery: (payload) => void delivered.push(payload),
        onRemoved: (payload) => void removed.push(payload),
      })
    },
    delayAnswers(ms) {
      answerDelayMs = typeof ms === 'number' ? () => ms : ms
    },
    loseAnswers(n) {
      answersToLose = n
    },
    holdAfter(n) {
      admitLeft = n
      if (n === undefined) for (const { response } of held.splice(0)) response.socket?.destroy()
    },
    releaseHeld() {
      admitLeft = undefined
      const app = receiver!
      for (const { request, response } of held.splice(0)) void nodeWebhookHandler(app)(request, response)
    },
    answerWith(status, headers = {}) {
      forced = status === undefined ? undefined : { status, headers }
    },
    async down() {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
    async up() {
      server = http.createServer(handler)
      await listen(server, boundPort)
    },
    async close() {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

async function handleThenDrop(receiver: WebhookReceiver, request: http.IncomingMessage): Promise<void> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  await receiver.handle(Buffer.concat(chunks), (name) => request.headers[name] as string | undefined)
  request.socket.destroy()
}

function listen(server: http.Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve())
  })
}

/** Waits (bounded) until check() is true; fails with the description otherwise. */
export async function waitUntil(
  check: () => boolean | Promise<boolean>,
  description: string,
  timeoutMs = 15_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${description}`)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}
