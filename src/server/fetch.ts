import { concatBytes } from '../values/concat-bytes.js'
import { WebrpcClientDisconnectedError } from '../../gen/errors.gen.js'
import type { Host } from './host.js'
import { bodyNotUtf8, bodyTooLarge, type BodyProblem, type HostRequest } from './wire.js'

const decoder = new TextDecoder('utf-8', { fatal: true })

/** The body stream failed under us: the client went away mid-request. */
const interrupted = (): never => {
  throw new WebrpcClientDisconnectedError({ cause: 'request body interrupted' })
}

async function readLimited(stream: ReadableStream<Uint8Array> | null, limit: number): Promise<string | BodyProblem> {
  if (!stream) return ''
  const reader = stream.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read().catch(interrupted)
    if (done) break
    size += value.byteLength
    if (size > limit) {
      await reader.cancel().catch(interrupted)
      return bodyTooLarge
    }
    chunks.push(value)
  }
  try {
    return decoder.decode(concatBytes(chunks))
  } catch {
    return bodyNotUtf8
  }
}

function fromRequest(request: Request): HostRequest {
  const url = new URL(request.url)
  return {
    method: request.method,
    url: url.pathname + url.search,
    header: (name) => request.headers.get(name) ?? (name === 'host' ? url.host : undefined),
    readText: (limit) => readLimited(request.body, limit),
    onAbort: (listener) => request.signal.addEventListener('abort', listener, { once: true }),
  }
}

/** The host as a fetch-API handler (Request → Response), for Hono, Bun, Deno, edge runtimes or a Service Worker. */
export function fetchHandler(host: Host): (request: Request) => Promise<Response> {
  return async (request) => {
    const response = await host.handle(fromRequest(request))
    return new Response(response.status === 204 ? null : response.body, {
      status: response.status,
      headers: response.headers,
    })
  }
}
