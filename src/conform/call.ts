import { request as httpRequest } from 'node:http'
import { request as httpsRequest } from 'node:https'

/** What an implementation answered, kept raw: the checks judge the status, headers and bytes themselves. */
export interface Answer {
  status: number
  contentType: string
  text: string
  /** The body as JSON, or undefined when it is not JSON. */
  json: unknown
}

export interface CallOptions {
  method?: string
  headers?: Record<string, string>
  /** The body as sent: a string or bytes are sent as they are, anything else as JSON. */
  body?: unknown
  timeoutMs?: number
}

/**
 * One HTTP call on a connection of its own (a refusal may close the connection it came on, and a reused
 * one would then fail the next call); a call that gets no answer (refused, timed out) throws, naming the URL.
 */
export function call(url: string, options: CallOptions = {}): Promise<Answer> {
  const { method = 'POST', headers = {}, body, timeoutMs = 10_000 } = options
  const payload =
    body === undefined
      ? undefined
      : typeof body === 'string' || body instanceof Uint8Array
        ? body
        : JSON.stringify(body)
  const send = url.startsWith('https:') ? httpsRequest : httpRequest
  return new Promise<Answer>((resolve, reject) => {
    const request = send(url, { method, headers, agent: false, timeout: timeoutMs }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('error', reject)
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8')
        let json: unknown
        try {
          json = JSON.parse(text)
        } catch {
          json = undefined
        }
        resolve({ status: response.statusCode ?? 0, contentType: response.headers['content-type'] ?? '', text, json })
      })
    })
    request.on('timeout', () => request.destroy(new Error(`no answer within ${timeoutMs} ms`)))
    // An answer that came before the body was all sent (an oversized body refused early) is still the answer.
    request.on('error', (error) => reject(new Error(`${method} ${url}: no answer (${error.message})`)))
    request.end(payload)
  })
}

/** Headers of a JSON call with the access key, and the secret key as BEARER when given. */
export function jsonHeaders(accessKey: string | undefined, secretKey?: string): Record<string, string> {
  return {
    'Content-Type': 'application/json',
    ...(accessKey === undefined ? {} : { 'X-Access-Key': accessKey }),
    ...(secretKey === undefined ? {} : { Authorization: `BEARER ${secretKey}` }),
  }
}
