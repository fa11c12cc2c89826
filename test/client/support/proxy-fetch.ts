import { request } from 'node:http'

/**
 * A custom fetch that sends every request, whatever its URL, to a forward proxy on 127.0.0.1 in
 * absolute form (`POST https://polygon-relayer.platform.app/rpc/... HTTP/1.1`), as HTTP proxies are
 * addressed. It lets a test see the exact default URLs a client resolves without leaving the machine.
 */
export function proxyFetch(proxyPort: number): typeof fetch {
  return (input, init) =>
    new Promise<Response>((resolve, reject) => {
      const target = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
      const headers = init?.headers as Record<string, string>
      const req = request(
        { host: '127.0.0.1', port: proxyPort, method: init?.method ?? 'GET', path: target, headers },
        (res) => {
          const chunks: Buffer[] = []
          res.on('data', (chunk: Buffer) => chunks.push(chunk))
          res.on('end', () => resolve(new Response(Buffer.concat(chunks), { status: res.statusCode ?? 0 })))
        },
      )
      req.on('error', reject)
      req.end(typeof init?.body === 'string' ? init.body : undefined)
    })
}
