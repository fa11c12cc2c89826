import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface RecordedRequest {
  method: string
  /** The request target as sent: a path, or an absolute URL when the client went through a proxy. */
  target: string
  headers: IncomingHttpHeaders
  body: string
}

export interface Reply {
  status: number
  body: string
  /** Milliseconds to wait before replying. */
  delay?: number
  /** Response headers besides Content-Type. */
  headers?: Record<string, string>
  /** `hang`: never answer (the connection stays open); `drop`: close the connection without an answer. */
  misbehave?: 'hang' | 'drop'
}

export type Responder = (request: RecordedRequest) => Reply

export interface RecordingServer {
  readonly origin: string
  readonly port: number
  readonly requests: RecordedRequest[]
  respondWith(responder: Responder): void
  reset(): void
  close(): Promise<void>
}

const okJson: Responder = () => ({ status: 200, body: '{}' })

/** A node:http server on 127.0.0.1 that records every request and answers with the current responder. */
export async function startRecordingServer(): Promise<RecordingServer> {
  const requests: RecordedRequest[] = []
  let responder = okJson
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const request = {
        method: req.method ?? '',
        target: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      }
      requests.push(request)
      const reply = responder(request)
      if (reply.misbehave === 'hang') return
      if (reply.misbehave === 'drop') return void req.socket.destroy()
      const send = () =>
        res.writeHead(reply.status, { 'Content-Type': 'application/json', ...reply.headers }).end(reply.body)
      if (reply.delay) setTimeout(send, reply.delay)
      else send()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    requests,
    respondWith(next) {
      responder = next
    },
    reset() {
      requests.length = 0
      responder = okJson
    },
    close() {
      server.closeAllConnections()
      return new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())))
    },
  }
}
