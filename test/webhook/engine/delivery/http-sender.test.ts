import { createServer, type AddressInfo, type Socket } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { createHttpSender } from '../../../../src/webhook/engine/delivery/http-sender.js'

const OK = 'HTTP/1.1 204 No Content\r\nConnection: keep-alive\r\nKeep-Alive: timeout=60\r\n\r\n'
const servers: ReturnType<typeof createServer>[] = []
afterEach(() => {
  for (const server of servers.splice(0)) server.close()
})

/**
 * A receiver speaking raw HTTP/1.1: `answer(connection, request)` says, for the n-th request on the n-th connection
 * (both from 1), whether to answer it or to close the connection without an answer.
 */
async function rawReceiver(answer: (connection: number, request: number) => 'answer' | 'close') {
  const seen: [number, number][] = []
  let connections = 0
  const server = createServer((socket: Socket) => {
    const connection = ++connections
    let requests = 0
    socket.on('data', (chunk) => {
      // Each test request is one small chunk: headers and body together.
      if (!chunk.toString().startsWith('POST ')) return
      const request = ++requests
      seen.push([connection, request])
      if (answer(connection, request) === 'answer') socket.write(OK)
      else socket.destroy()
    })
  })
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, seen }
}

const send = createHttpSender(true)
const post = (url: string) => send(url, {}, '{}', 5_000, new AbortController().signal)

describe('the node:http sender', () => {
  it('sends again on a new connection when the receiver closed a kept-alive one as the request arrived', async () => {
    const receiver = await rawReceiver((connection, request) =>
      connection === 1 && request === 2 ? 'close' : 'answer',
    )
    expect(await post(receiver.url)).toEqual({ status: 204 })
    expect(await post(receiver.url)).toEqual({ status: 204 })
    expect(receiver.seen).toEqual([
      [1, 1],
      [1, 2],
      [2, 1],
    ])
  })

  it('fails the attempt when a new connection is closed without an answer, and sends only once then', async () => {
    const receiver = await rawReceiver(() => 'close')
    expect(await post(receiver.url)).toEqual({ error: 'socket hang up' })
    expect(receiver.seen).toEqual([[1, 1]])
  })
})
