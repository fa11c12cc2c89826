import http from 'node:http'
import type { AddressInfo } from 'node:net'

export interface RawRequest {
  headers: http.IncomingHttpHeaders
  body: string
  /** Resolves when the client closed the connection before an answer. */
  aborted: Promise<void>
}

/** A bare HTTP server: records what arrives and answers with `answer` (which may never answer). */
export async function startRawServer(answer: (request: RawRequest, response: http.ServerResponse) => void) {
  const requests: RawRequest[] = []
  const server = http.createServer(async (request, response) => {
    const chunks: Buffer[] = []
    for await (const chunk of request) chunks.push(chunk as Buffer)
    const aborted = new Promise<void>((resolve) =>
      response.on('close', () => (response.writableFinished ? undefined : resolve())),
    )
    const recorded = { headers: request.headers, body: Buffer.concat(chunks).toString('utf8'), aborted }
    requests.push(recorded)
    answer(recorded, response)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    requests,
    close: () => {
      server.closeAllConnections()
      return new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
