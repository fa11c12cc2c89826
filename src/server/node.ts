import { isUtf8 } from 'node:buffer'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import {
  TimeoutError,
  WebrpcBadMethodError,
  WebrpcBadRequestError,
  WebrpcClientDisconnectedError,
  type WebrpcError,
} from '../../gen/errors.gen.js'
import { corsHeaders } from './cors.js'
import { allowedMethods, type Host } from './host.js'
import { turnScheduler } from './turns.js'
import { bodyNotUtf8, bodyTooLarge, type BodyProblem, type HostRequest } from './wire.js'

function decoded(bytes: Buffer, limit: number): string | BodyProblem {
  if (bytes.length > limit) return bodyTooLarge
  const text = bytes.toString('utf8')
  // Decoding puts U+FFFD where the bytes are not UTF-8: a text without one was valid, with no second pass over the bytes.
  if (!text.includes('\uFFFD')) return text
  return isUtf8(bytes) ? text : bodyNotUtf8
}

/**
 * The body when node:http has parsed all of it already (a small body arrives with its headers): it waits in
 * the stream's buffer, taken in one read, with no listeners, events or promise.
 */
function readArrived(req: IncomingMessage, limit: number): string | BodyProblem | undefined {
  if (!req.complete || req.destroyed || req.readableFlowing !== null) return undefined
  const bytes = req.read() as Buffer | null
  return bytes === null ? '' : decoded(bytes, limit)
}

function readLimited(req: IncomingMessage, limit: number): Promise<string | BodyProblem> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (chunk: Buffer) => {
      if (size > limit) return
      size += chunk.length
      if (size > limit) {
        // Answer now; the rest of the body is drained and dropped.
        resolve(bodyTooLarge)
        return
      }
      chunks.push(chunk)
    })
    // `on`, not `once`: each fires at most once for a request, and the promise settles once anyway.
    req.on('end', () => {
      if (size > limit) return
      resolve(decoded(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size), limit))
    })
    req.on('error', () => reject(new WebrpcClientDisconnectedError({ cause: 'request body interrupted' })))
  })
}

/** A node:http request in the host's terms; methods live on the prototype, so a request costs no closures. */
class NodeHostRequest implements HostRequest {
  readonly method: string
  readonly url: string

  constructor(
    private readonly req: IncomingMessage,
    private readonly res: ServerResponse,
  ) {
    this.method = req.method ?? 'GET'
    this.url = req.url ?? '/'
  }

  header(name: string): string | undefined {
    const value = this.req.headers[name]
    return Array.isArray(value) ? value.join(', ') : value
  }

  readText(limit: number): string | BodyProblem | Promise<string | BodyProblem> {
    return readArrived(this.req, limit) ?? readLimited(this.req, limit)
  }

  onAbort(listener: () => void): void {
    const res = this.res
    res.once('close', () => {
      if (!res.writableFinished) listener()
    })
  }
}

/**
 * Calls started per turn of the event loop when none is given (see turnScheduler): at 1,000 connections,
 * enough to keep the host's throughput, few enough that a busy local server accepts hundreds of new
 * connections a second.
 */
export const DEFAULT_REQUESTS_PER_TURN = 16

/**
 * The host as a node:http request listener; a client that goes away aborts its call. At most
 * `requestsPerTurn` calls start per turn of the event loop, so new connections are accepted under load.
 */
export function nodeListener(
  host: Host,
  isClosing: () => boolean = () => false,
  requestsPerTurn = DEFAULT_REQUESTS_PER_TURN,
): (req: IncomingMessage, res: ServerResponse) => void {
  const inTurn = turnScheduler(requestsPerTurn)
  return (req, res) => inTurn(() => serve(host, req, res, isClosing))
}

function serve(host: Host, req: IncomingMessage, res: ServerResponse, isClosing: () => boolean): void {
  // The client left while the call waited for its turn.
  if (res.destroyed) return
  host.handle(new NodeHostRequest(req, res)).then(
    (response) => {
      if (res.destroyed) return
      // While shutting down, finish this call and then let the connection go.
      if (isClosing()) res.setHeader('Connection', 'close')
      res.writeHead(response.status, response.headers)
      res.end(response.body)
    },
    () => res.destroy(),
  )
}

/**
 * Requests node:http rejects before the host sees them (malformed HTTP, oversized headers, too slow) get
 * a docs/errors.md body too, instead of node's bare status line.
 */
function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  if (!socket.writable || error.code === 'ECONNRESET') {
    socket.destroy()
    return
  }
  const wire: WebrpcError =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? new TimeoutError({ cause: 'request not received in time' })
      : // A method node's parser does not know (QUERY on Node 20.19, any made-up one) is still a method the route does not take.
        error.code === 'HPE_INVALID_METHOD'
        ? new WebrpcBadMethodError({ cause: 'unknown HTTP method' })
        : new WebrpcBadRequestError({
            cause: error.code === 'HPE_HEADER_OVERFLOW' ? 'request headers too large' : 'malformed HTTP request',
          })
  const body = JSON.stringify(wire.toJSON())
  const headers = Object.entries({
    ...corsHeaders,
    'Content-Type': 'application/json',
    'Content-Length': String(Buffer.byteLength(body)),
    ...(wire instanceof WebrpcBadMethodError ? { Allow: allowedMethods } : {}),
    Connection: 'close',
  })
  socket.end(
    `HTTP/1.1 ${wire.status} ${wire.name}\r\n${headers.map(([k, v]) => `${k}: ${v}`).join('\r\n')}\r\n\r\n${body}`,
  )
}

export interface RunningServer {
  /** http://host:port, the port resolved when 0 was asked. */
  url: string
  port: number
  server: Server
  /** Stops accepting connections, lets in-flight calls finish (up to graceMs), then closes the rest. */
  close(graceMs?: number): Promise<void>
}

export interface ListenOptions {
  port?: number
  host?: string
  /**
   * How many new connections the kernel holds until the server accepts them (the listen(2) backlog; Linux
   * caps it at net.core.somaxconn). Beyond it the kernel drops a connection's packets and its client
   * retries one, then three, then seven seconds later. Default 511, node's.
   */
  backlog?: number
  /** At most this many calls start per turn of the event loop, so new connections are accepted under load. Default 16. */
  requestsPerTurn?: number
}

export const DEFAULT_LISTEN_BACKLOG = 511

export async function listen(host: Host, options: ListenOptions = {}): Promise<RunningServer> {
  let closing = false
  const server = createServer(
    { keepAliveTimeout: 5_000, requestTimeout: 30_000, headersTimeout: 15_000 },
    nodeListener(host, () => closing, options.requestsPerTurn),
  )
  server.on('clientError', answerClientError)
  const hostname = options.host ?? '127.0.0.1'
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, hostname, options.backlog ?? DEFAULT_LISTEN_BACKLOG, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const { port } = server.address() as AddressInfo
  const urlHost = hostname.includes(':') ? `[${hostname}]` : hostname
  return {
    url: `http://${urlHost}:${port}`,
    port,
    server,
    close(graceMs = 10_000) {
      closing = true
      return new Promise((resolve) => {
        const force = setTimeout(() => server.closeAllConnections(), graceMs)
        force.unref()
        server.close(() => {
          clearTimeout(force)
          resolve()
        })
        server.closeIdleConnections()
      })
    },
  }
}
