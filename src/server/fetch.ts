import type { Host } from './host.js'
import { bodyTooLarge, type BodyTooLarge, type HostRequest } from './wire.js'

async function readLimited(stream: ReadableStream<Uint8Array> | null, limit: number): Promise<Uint8Array | BodyTooLarge> {
  if (!stream) return new Uint8Array()
  const reader = stream.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > limit) {
      await reader.cancel().catch(() => undefined)
      return bodyTooLarge
    }
    chunks.push(value)
  }
  const bytes = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return bytes
}

function fromRequest(request: Request): HostRequest {
  const url = new URL(request.url)
  return {
    method: request.method,
    url: url.pathname + url.search,
    header: (name) => request.headers.get(name) ?? (name === 'host' ? url.host : undefined),
    readBody: (limit) => readLimited(request.body, limit),
    signal: request.signal,
  }
}

/** The host as a fetch-API handler (Request → Response), for Hono, Bun, Deno, edge runtimes or a Service Worker. */
export function fetchHandler(host: Host): (request: Request) => Promise<Response> {
  return async (request) => {
    const response = await host.handle(fromRequest(request))
    return new Response(response.status === 204 ? null : response.body, { status: response.status, headers: response.headers })
  }
}
