import type { IncomingMessage, ServerResponse } from 'node:http'
import type { WebhookReceiver } from './receiver.js'

const MAX_BODY_BYTES = 1 << 20

/** node:http handler: `http.createServer(nodeWebhookHandler(receiver))`. */
export function nodeWebhookHandler(receiver: WebhookReceiver) {
  return async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    if (request.method !== 'POST')
      return sendJson(response, 405, { ok: false, error: 'method_not_allowed', message: 'use POST' })
    let body: Buffer
    try {
      body = await readBody(request)
    } catch (error) {
      return sendJson(response, 413, { ok: false, error: 'body_too_large', message: (error as Error).message })
    }
    const result = await receiver.handle(body, (name) => headerOf(request, name))
    sendJson(response, result.status, result.body)
  }
}

/**
 * Express-style handler. Mount it with a raw body parser (`express.raw({ type: 'application/json' })`)
 * or none at all: the signature covers the exact bytes, which a JSON parser would lose.
 */
export function expressWebhookHandler(receiver: WebhookReceiver) {
  return async (
    request: IncomingMessage & { body?: unknown },
    response: ServerResponse & { status?: unknown },
    next?: (error?: unknown) => void,
  ): Promise<void> => {
    try {
      let body: string | Uint8Array
      if (typeof request.body === 'string' || request.body instanceof Uint8Array) body = request.body
      else if (
        request.body !== undefined &&
        request.body !== null &&
        !(typeof request.body === 'object' && Object.keys(request.body).length === 0)
      ) {
        return sendJson(response, 500, {
          ok: false,
          error: 'raw_body_required',
          message: 'the body was already parsed; mount express.raw({ type: "application/json" }) before this handler',
        })
      } else body = await readBody(request)
      const result = await receiver.handle(body, (name) => headerOf(request, name))
      sendJson(response, result.status, result.body)
    } catch (error) {
      if (next) next(error)
      else throw error
    }
  }
}

/** fetch-API handler (Request → Response): Deno, Bun, workers, Next.js route handlers. */
export function fetchWebhookHandler(receiver: WebhookReceiver) {
  return async (request: Request): Promise<Response> => {
    if (request.method !== 'POST')
      return Response.json({ ok: false, error: 'method_not_allowed', message: 'use POST' }, { status: 405 })
    const body = new Uint8Array(await request.arrayBuffer())
    const result = await receiver.handle(body, (name) => request.headers.get(name) ?? undefined)
    return Response.json(result.body, { status: result.status })
  }
}

function headerOf(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name.toLowerCase()]
  return Array.isArray(value) ? value.join(' ') : value
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of request) {
    size += (chunk as Buffer).length
    if (size > MAX_BODY_BYTES) throw new Error(`body larger than ${MAX_BODY_BYTES} bytes`)
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks)
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' })
  response.end(JSON.stringify(body))
}
