import http from 'node:http'
import type { AddressInfo } from 'node:net'

/** A loopback webhook receiver that answers 204 at once and counts the requests it answered. */
export interface CountingReceiver {
  readonly url: string
  answered(): number
  close(): void
}

export async function startCountingReceiver(): Promise<CountingReceiver> {
  let answered = 0
  const server = http.createServer((request, response) => {
    request.resume()
    request.on('end', () => {
      answered++
      response.writeHead(204).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    answered: () => answered,
    close: () => server.close(),
  }
}
