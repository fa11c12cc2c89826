import http from 'node:http'
import type { AddressInfo } from 'node:net'

export interface RpcCall {
  method: string
  params: unknown[]
}

export interface RpcProxy {
  url: string
  close(): Promise<void>
}

/**
 * An EVM node's JSON-RPC behind a proxy on 127.0.0.1, so a test can watch the follower's calls or cut one:
 * `onCall` sees each call with the path it came on, and answers it itself by returning true (it then owns
 * `response`); every other call is forwarded. No keep-alive towards the node, so closing it does not wait on
 * this proxy's idle sockets.
 */
export async function startRpcProxy(
  target: string,
  onCall: (call: RpcCall, path: string, response: http.ServerResponse) => boolean | void,
): Promise<RpcProxy> {
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const body = Buffer.concat(chunks)
      if (onCall(JSON.parse(body.toString()) as RpcCall, request.url!, response)) return
      const forwarded = http.request(target, {
        method: 'POST',
        agent: false,
        headers: { 'content-type': 'application/json' },
      })
      forwarded.on('response', (answer) => {
        response.writeHead(answer.statusCode!, { 'content-type': 'application/json' })
        answer.pipe(response)
      })
      forwarded.on('error', () => response.destroy())
      forwarded.end(body)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close() {
      server.closeAllConnections()
      return new Promise((resolve) => server.close(() => resolve()))
    },
  }
}
