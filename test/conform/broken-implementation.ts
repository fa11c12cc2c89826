import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

/** One way an implementation breaks the contract, made by rewriting what a correct one sees and answers. */
export interface Breakage {
  /** Rewrites the path and headers of a request before the correct implementation sees it. */
  request?: (path: string, headers: Record<string, string>) => { path: string; headers: Record<string, string> }
  /** Rewrites the correct implementation's answer. */
  answer?: (
    path: string,
    answer: { status: number; headers: Record<string, string>; json: any },
  ) => { status: number; headers: Record<string, string>; json: any }
}

/** A deliberately broken implementation on 127.0.0.1: the local server behind one Breakage. */
export async function startBrokenImplementation(upstream: string, breakage: Breakage) {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', async () => {
      const headers: Record<string, string> = {}
      for (const [name, value] of Object.entries(request.headers))
        if (typeof value === 'string' && name !== 'host' && name !== 'content-length') headers[name] = value
      const sent = breakage.request?.(request.url!, headers) ?? { path: request.url!, headers }
      const body = Buffer.concat(chunks)
      const upstreamAnswer = await fetch(upstream + sent.path, {
        method: request.method,
        headers: sent.headers,
        body: request.method === 'GET' ? undefined : new Uint8Array(body),
      })
      const text = await upstreamAnswer.text()
      const answerHeaders: Record<string, string> = {}
      upstreamAnswer.headers.forEach((value, name) => {
        if (name !== 'content-length' && name !== 'content-encoding') answerHeaders[name] = value
      })
      let json: unknown
      try {
        json = JSON.parse(text)
      } catch {
        json = undefined
      }
      const answer = breakage.answer?.(sent.path, { status: upstreamAnswer.status, headers: answerHeaders, json })
      if (!answer) return response.writeHead(upstreamAnswer.status, answerHeaders).end(text)
      response.writeHead(answer.status, answer.headers).end(JSON.stringify(answer.json))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
