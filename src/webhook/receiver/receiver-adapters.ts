import { concatBytes } from '../../values/concat-bytes.js'
import type { WebhookReceiver } from './receiver.js'

const MAX_BODY_BYTES = 1 << 20

/** What the adapters use of node:http's IncomingMessage (typed structurally: this module runs on edge runtimes too). */
export interface NodeRequestLike extends AsyncIterable<Uint8Array | string> {
  method?: string | undefined
  headers: Record<string, string | string[] | undefined>
}

/** What the adapters use of node:http's ServerResponse. */
export interface NodeResponseLike {
  writeHead(status: number, headers: Record<string, string>): unknown
  end(body: string): unknown
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

/** node:http handler: `http.createServer(nodeWebhookHandler(receiver))`. */
export function nodeWebhookHandler(receiver: WebhookReceiver) {
  return async (request: NodeRequestLike, response: NodeResponseLike): Promise<void> => {
    if (request.method !== 'POST')
      return sendJson(response, 405, { ok: false, error: 'method_not_allowed', message: 'use POST' })
    let body: Uint8Array
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
    request: NodeRequestLike & { body?: unknown },
    response: NodeResponseLike,
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

function headerOf(request: NodeRequestLike, name: string): string | undefined {
  const value = request.headers[name.toLowerCase()]
  return Array.isArray(value) ? value.join(' ') : value
}

async function readBody(request: NodeRequestLike): Promise<Uint8Array> {
  const chunks: Uint8Array[] = []
  let size = 0
  for await (const chunk of request) {
    const bytes = typeof chunk === 'string' ? new TextEncoder().encode(chunk) : chunk
    size += bytes.length
    if (size > MAX_BODY_BYTES) throw new Error(`body larger than ${MAX_BODY_BYTES} bytes`)
    chunks.push(bytes)
  }
  return concatBytes(chunks)
}

function sendJson(response: NodeResponseLike, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' })
  response.end(JSON.stringify(body))
}
