import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Host } from './host.js'
import { bodyTooLarge, type BodyTooLarge, type HostRequest } from './wire.js'

function readLimited(req: IncomingMessage, limit: number): Promise<Uint8Array | BodyTooLarge> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    const onData = (chunk: Buffer) => {
      size += chunk.length
      if (size > limit) {
        cleanup()
        req.resume()
        resolve(bodyTooLarge)
        return
      }
      chunks.push(chunk)
    }
    const onEnd = () => {
      cleanup()
      resolve(Buffer.concat(chunks, size))
    }
    const onError = (error: Error) => {
      cleanup()
      reject(error)
    }
    const cleanup = () => {
      req.off('data', onData)
      req.off('end', onEnd)
      req.off('error', onError)
    }
    req.on('data', onData)
    req.on('end', onEnd)
    req.on('error', onError)
  })
}

function fromIncoming(req: IncomingMessage, signal: AbortSignal): HostRequest {
  return {
    method: req.method ?? 'GET',
    url: req.url ?? '/',
    header(name) {
      const value = req.headers[name]
      return Array.isArray(value) ? value.join(', ') : value
    },
    readBody: (limit) => readLimited(req, limit),
    signal,
  }
}

/** The host as a node:http request listener; a client that goes away aborts its call. */
export function nodeListener(host: Host, isClosing: () => boolean = () => false): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    const controller = new AbortController()
    res.on('close', () => {
      if (!res.writableFinished) controller.abort()
    })
    host.handle(fromIncoming(req, controller.signal)).then(
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
}

export interface RunningServer {
  /** http://host:port, the port resolved when 0 was asked. */
  url: string
  port: number
  server: Server
  /** Stops accepting connections, lets in-flight calls finish (up to graceMs), then closes the rest. */
  close(graceMs?: number): Promise<void>
}

export async function listen(host: Host, options: { port?: number; host?: string } = {}): Promise<RunningServer> {
  let closing = false
  const server = createServer(
    { keepAliveTimeout: 5_000, requestTimeout: 30_000, headersTimeout: 15_000 },
    nodeListener(host, () => closing),
  )
  const hostname = options.host ?? '127.0.0.1'
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, hostname, () => {
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
