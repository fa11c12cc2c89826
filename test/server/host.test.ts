import { request } from 'node:http'
import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHost } from '../../src/server/host.js'
import type { HostResponse } from '../../src/server/wire.js'
import { fetchHandler } from '../../src/server/fetch.js'
import { listen, type RunningServer } from '../../src/server/node.js'
import { jsonPost, rawCall } from '../local/support.js'
import { expectDocumentedError } from './error-shape.js'
import { probeService } from './probe-service.js'

const logged: unknown[] = []
const probe = probeService()
const host = createHost({ services: [probe], timeoutMs: 500, bodyLimit: 1024, log: (_, error) => logged.push(error) })
let server: RunningServer

beforeAll(async () => {
  server = await listen(host, { port: 0 })
})
afterAll(() => server?.close())

const url = (method: string) => `${server.url}/rpc/Probe/${method}`

describe('host over node:http', () => {
  it('answers with the Webrpc header and CORS headers', async () => {
    const response = await rawCall(url('Echo'), jsonPost({ a: 1 }))
    expect(response.status).toBe(200)
    expect(response.json).toEqual({ echo: { a: 1 } })
    expect(response.headers.get('webrpc')).toBe(probe.webrpcHeader)
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
    expect(response.headers.get('access-control-expose-headers')).toContain('Webrpc')
  })

  it('takes a body whose text holds U+FFFD itself as valid UTF-8', async () => {
    const response = await rawCall(url('Echo'), jsonPost({ replacement: '\uFFFD' }))
    expect(response.status).toBe(200)
    expect(response.json).toEqual({ echo: { replacement: '\uFFFD' } })
  })

  it('answers a CORS preflight allowing the request headers of docs/endpoints.md', async () => {
    const response = await fetch(url('Echo'), {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://example.test',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type,x-access-key,authorization,webrpc',
      },
    })
    expect(response.status).toBe(204)
    const allowed = response.headers.get('access-control-allow-headers')!.toLowerCase()
    for (const header of ['content-type', 'x-access-key', 'authorization', 'webrpc']) expect(allowed).toContain(header)
    expect(response.headers.get('access-control-allow-methods')).toContain('POST')
  })

  it('times out a slow handler with Timeout 408 and aborts its signal', async () => {
    const before = { aborted: probe.aborted, finished: probe.finished }
    const response = await rawCall(url('Slow'), jsonPost({ ms: 5_000 }))
    expectDocumentedError(response, 'Timeout')
    await probe.reached('finished', before.finished + 1)
    expect(probe.aborted).toBe(before.aborted + 1)
  })

  it('turns an unexpected throw into WebrpcInternalError without leaking message or stack', async () => {
    const response = await rawCall(url('Throw'), jsonPost({}))
    expectDocumentedError(response, 'WebrpcInternalError')
    expect(response.text).not.toContain('hunter2')
    expect(logged.some((e) => e instanceof Error && e.message.includes('hunter2'))).toBe(true)
  })

  it('reports a result that is not JSON as WebrpcBadResponse', async () => {
    expectDocumentedError(await rawCall(url('Unserialisable'), jsonPost({})), 'WebrpcBadResponse')
  })

  it('rejects a streamed body over the limit without Content-Length', async () => {
    const chunks = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 20; i++) controller.enqueue(new TextEncoder().encode('{"pad":"' + 'x'.repeat(100) + '",'))
        controller.close()
      },
    })
    const response = await rawCall(url('Echo'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: chunks,
      duplex: 'half',
    } as RequestInit)
    expect(expectDocumentedError(response, 'WebrpcBadRequest').cause).toMatch(/exceeds/)
  })

  it('survives a client that disconnects mid-call, and stops the call', async () => {
    const before = { started: probe.started, aborted: probe.aborted, finished: probe.finished }
    const controller = new AbortController()
    const call = fetch(url('Slow'), { ...jsonPost({ ms: 5_000 }), signal: controller.signal })
    await probe.reached('started', before.started + 1)
    controller.abort()
    await expect(call).rejects.toThrow(/abort/i)
    // The handler's signal was aborted (by the disconnect, or at the latest by the host's 500 ms timeout).
    await probe.reached('finished', before.finished + 1)
    expect(probe.aborted).toBe(before.aborted + 1)
    const response = await rawCall(url('Echo'), jsonPost({ still: 'here' }))
    expect(response.json).toEqual({ echo: { still: 'here' } })
  })
})

function rawHttp(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(bytes))
    let reply = ''
    socket.on('data', (chunk) => (reply += chunk))
    socket.on('close', () => resolve(reply))
    socket.on('error', reject)
  })
}

describe('requests node:http rejects before the host', () => {
  const bodyOf = (reply: string) => JSON.parse(reply.slice(reply.indexOf('\r\n\r\n') + 4))

  it('a method node:http does not know gets a WebrpcBadMethod body', async () => {
    const reply = await rawHttp(Number(new URL(server.url).port), 'FROB /rpc/Probe/Echo HTTP/1.1\r\nHost: x\r\n\r\n')
    expect(reply.startsWith('HTTP/1.1 405 ')).toBe(true)
    expect(reply).toMatch(/\r\nAllow: POST, OPTIONS\r\n/)
    expect(bodyOf(reply)).toEqual({
      error: 'WebrpcBadMethod',
      code: -3,
      msg: 'bad method',
      status: 405,
      cause: 'unknown HTTP method',
    })
  })

  it('malformed HTTP gets a WebrpcBadRequest body of docs/errors.md', async () => {
    const reply = await rawHttp(
      Number(new URL(server.url).port),
      'POST /rpc/Probe/Echo HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n',
    )
    expect(reply.startsWith('HTTP/1.1 400 ')).toBe(true)
    expect(bodyOf(reply)).toEqual({
      error: 'WebrpcBadRequest',
      code: -4,
      msg: 'bad request',
      status: 400,
      cause: 'malformed HTTP request',
    })
  })

  it('oversized headers get a WebrpcBadRequest body of docs/errors.md', async () => {
    const reply = await rawHttp(
      Number(new URL(server.url).port),
      `POST /rpc/Probe/Echo HTTP/1.1\r\nHost: x\r\nX-Pad: ${'p'.repeat(20_000)}\r\n\r\n`,
    )
    expect(bodyOf(reply)).toMatchObject({ error: 'WebrpcBadRequest', cause: 'request headers too large' })
  })
})

describe('a client that goes away mid-body', () => {
  it('is not an unexpected error, and the server keeps answering', async () => {
    const seen: unknown[] = []
    const inner = createHost({ services: [probe], log: (_, error) => seen.push(error) })
    let entered!: () => void
    const handling = new Promise<void>((resolve) => (entered = resolve))
    let handled!: Promise<HostResponse>
    const own = await listen(
      {
        handle(request) {
          handled = inner.handle(request)
          entered()
          return handled
        },
      },
      { port: 0 },
    )
    try {
      await new Promise<void>((resolve) => {
        const socket = connect(own.port, '127.0.0.1', async () => {
          socket.write(
            'POST /rpc/Probe/Echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a":',
          )
          await handling
          socket.destroy()
        })
        socket.on('close', () => resolve())
      })
      // The host has finished the interrupted call: an unexpected error would have been logged by now.
      expect(JSON.parse((await handled).body as string)).toMatchObject({ error: 'WebrpcClientDisconnected' })
      expect(seen).toEqual([])
      expect((await rawCall(`${own.url}/rpc/Probe/Echo`, jsonPost({ ok: 1 }))).json).toEqual({ echo: { ok: 1 } })
    } finally {
      await own.close()
    }
  })
})

describe('fetch-API handler', () => {
  const handle = fetchHandler(host)

  it('serves the same wire format from a WHATWG Request', async () => {
    const response = await handle(new Request('http://edge.test/rpc/Probe/Echo', jsonPost({ b: 2 })))
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ echo: { b: 2 } })
    const missing = await handle(new Request('http://edge.test/rpc/Probe/Nope', jsonPost({})))
    expect(await missing.json()).toMatchObject({ error: 'WebrpcBadRoute', code: -2, status: 404 })
    expect(missing.status).toBe(404)
  })
})

describe('graceful shutdown', () => {
  it('finishes in-flight calls, then refuses new connections', async () => {
    const own = await listen(createHost({ services: [probe], timeoutMs: 5_000 }), { port: 0 })
    const before = probe.started
    const inFlight = rawCall(`${own.url}/rpc/Probe/Slow`, jsonPost({ ms: 300 }))
    await probe.reached('started', before + 1)
    const closed = own.close()
    const response = await inFlight
    expect(response.status).toBe(200)
    expect(response.json).toEqual({ slept: 300 })
    await closed
    await expect(fetch(`${own.url}/rpc/Probe/Echo`, jsonPost({}))).rejects.toThrow()
  })
})

describe('routing by Host header', () => {
  it('routes <network>-relayer.<host> without a path prefix', async () => {
    const { startTestServer } = await import('../local/support.js')
    const local = await startTestServer()
    try {
      const { port } = new URL(local.url)
      const call = (hostHeader: string) =>
        new Promise<{ status: number; body: string }>((resolve, reject) => {
          const req = request(
            {
              host: '127.0.0.1',
              port,
              method: 'POST',
              path: '/rpc/Relayer/ListGasSponsors',
              headers: { Host: hostHeader, 'Content-Type': 'application/json', 'X-Access-Key': local.accessKey },
            },
            (res) => {
              let body = ''
              res.on('data', (chunk) => (body += chunk))
              res.on('end', () => resolve({ status: res.statusCode!, body }))
            },
          )
          req.on('error', reject)
          req.end(JSON.stringify({ projectId: local.projectId, page: { pageSize: 1 } }))
        })
      const polygon = await call(`polygon-relayer.localhost:${port}`)
      expect(polygon.status).toBe(200)
      expect(JSON.parse(polygon.body).gasSponsors[0].chainId).toBe(137)
      const amoy = await call(`amoy-relayer.localhost`)
      expect(JSON.parse(amoy.body).gasSponsors[0].chainId).toBe(80002)
      const unknown = await call(`atlantis-relayer.localhost`)
      expect(JSON.parse(unknown.body)).toMatchObject({ error: 'WebrpcBadRoute', status: 404 })
    } finally {
      await local.close()
    }
  })
})
