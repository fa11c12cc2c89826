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

/** One HTTP call; a call that gets no answer (refused, timed out) throws, naming the URL. */
export async function call(url: string, options: CallOptions = {}): Promise<Answer> {
  const { method = 'POST', headers = {}, body, timeoutMs = 10_000 } = options
  const payload =
    body === undefined || typeof body === 'string' || body instanceof Uint8Array ? body : JSON.stringify(body)
  let response: Response
  try {
    response = await fetch(url, {
      method,
      headers,
      body: payload as BodyInit | undefined,
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'manual',
    })
  } catch (error) {
    throw new Error(`${method} ${url}: no answer (${(error as Error).cause ?? (error as Error).message})`)
  }
  const text = await response.text()
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    json = undefined
  }
  return { status: response.status, contentType: response.headers.get('content-type') ?? '', text, json }
}

/** Headers of a JSON call with the access key, and the secret key as BEARER when given. */
export function jsonHeaders(accessKey: string | undefined, secretKey?: string): Record<string, string> {
  return {
    'Content-Type': 'application/json',
    ...(accessKey === undefined ? {} : { 'X-Access-Key': accessKey }),
    ...(secretKey === undefined ? {} : { Authorization: `BEARER ${secretKey}` }),
  }
}
