import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { answerViolations, requestViolations, type SeenRequest } from './inspect.js'

/** The response header that lists what a call broke; absent when it broke nothing. */
export const violationsHeader = 'x-contract-violations'

export interface ProxyOptions {
  /** The implementation the calls go to; the request path is appended to it. */
  upstream: string
  port?: number
  host?: string
  /** Where each violation is reported (default: one line on stderr). */
  report?: (line: string) => void
}

export interface ValidatingProxy {
  url: string
  close(): Promise<void>
}

// Headers that belong to one connection, or that fetch has already undone (it decompresses the body).
const notForwarded = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'content-encoding',
  'host',
])

const readBody = (request: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => resolve(Buffer.concat(chunks)))
    request.on('error', reject)
  })

/** A header value of the violations: ASCII on one line, as HTTP allows. */
const headerValue = (violations: string[]) =>
  violations
    .join(' | ')
    .replace(/[^\x20-\x7e]/g, '?')
    .slice(0, 4000)

/**
 * A validating proxy: forwards each call to the upstream unchanged and answers with the upstream's
 * answer unchanged, but checks both against the contract and reports what they break, in the log and
 * in the X-Contract-Violations header of the answer.
 */
export async function startValidatingProxy(options: ProxyOptions): Promise<ValidatingProxy> {
  const upstream = options.upstream.replace(/\/+$/, '')
  const report = options.report ?? ((line) => console.error(line))
  const server: Server = createServer(async (request, response) => {
    try {
      const seen: SeenRequest = {
        method: request.method ?? 'GET',
        path: (request.url ?? '/').split('?')[0]!,
        headers: request.headers,
        body: await readBody(request),
      }
      const headers = new Headers()
      for (const [name, value] of Object.entries(request.headers))
        if (!notForwarded.has(name) && value !== undefined)
          headers.set(name, Array.isArray(value) ? value.join(', ') : value)
      const forwarded = await fetch(upstream + (request.url ?? '/'), {
        method: seen.method,
        headers,
        body: seen.method === 'GET' || seen.method === 'HEAD' ? undefined : new Uint8Array(seen.body),
        redirect: 'manual',
      })
      const bytes = Buffer.from(await forwarded.arrayBuffer())
      const text = bytes.toString('utf8')
      let json: unknown
      try {
        json = JSON.parse(text)
      } catch {
        json = undefined
      }
      const answer = { status: forwarded.status, contentType: forwarded.headers.get('content-type') ?? '', text, json }
      const violations = [...requestViolations(seen), ...answerViolations(seen.path, answer)]
      for (const violation of violations) report(`contract violation: ${seen.method} ${seen.path}: ${violation}`)
      const answerHeaders: Record<string, string> = {}
      forwarded.headers.forEach((value, name) => {
        if (!notForwarded.has(name)) answerHeaders[name] = value
      })
      if (violations.length > 0) answerHeaders[violationsHeader] = headerValue(violations)
      response.writeHead(forwarded.status, answerHeaders).end(bytes)
    } catch (error) {
      report(`proxy: ${request.method} ${request.url}: the upstream gave no answer: ${(error as Error).message}`)
      response.writeHead(502, { 'content-type': 'text/plain' }).end(`no answer from ${upstream}\n`)
    }
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve)
  })
  const { address, port } = server.address() as AddressInfo
  return {
    url: `http://${address.includes(':') ? `[${address}]` : address}:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
