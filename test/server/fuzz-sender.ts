import { issueSecretKey } from '../../src/local/credentials.js'
import { otherProject } from '../../src/reference/data/sample-data.js'
import { clientsFor, rawCall, type RawResponse, type TestServer } from '../local/support.js'
import { EXISTING_LISTENER, routeOf, type FuzzRequest, type KeyToken, type Operation } from './fuzz-requests.js'

/**
 * The body limit of the server the fuzz sends to: the host's default is 1 MiB (docs/limits.md, its own test), and a
 * limit this small answers the same way for a sixty-fourth of the bytes, which about one request in fifteen carries.
 */
export const FUZZ_BODY_LIMIT = 16 * 1024
const OVERSIZED_PADDING = 'x'.repeat(FUZZ_BODY_LIMIT)

export interface RenderedRequest {
  path: string
  method: string
  headers: Record<string, string>
  body: Bytes | undefined
}

type Bytes = Uint8Array<ArrayBuffer>
/** Bytes fetch sends as they are, with no Content-Type of its own. */
export const bytes = (value: string | Buffer): Bytes =>
  new Uint8Array(typeof value === 'string' ? Buffer.from(value) : value)

/** How a failing case is printed: what was sent, the body cut short. */
export function describe(rendered: RenderedRequest): string {
  const body = rendered.body ? Buffer.from(rendered.body).toString('utf8') : ''
  const shown = body.length > 300 ? `${body.slice(0, 300)}… (${body.length} bytes)` : body
  return `${rendered.method} ${rendered.path} ${JSON.stringify(rendered.headers)} ${shown}`
}

/** Sends fuzz requests to a test server: fills in its keys and the ids of listeners that exist. */
export async function fuzzSender(server: TestServer) {
  const keys = {
    valid: server.secretKey,
    other: await issueSecretKey(server.jwtSecret, otherProject.id),
    expired: await issueSecretKey(server.jwtSecret, 1, Math.floor(Date.now() / 1000) - 60),
  }
  const clients = clientsFor(server)
  /** Listeners added by the fuzz and not removed yet: a RemoveWebhookListener takes one. */
  const listeners: string[] = []

  function render({ operation, faults }: FuzzRequest): RenderedRequest {
    let network = 'polygon'
    let service: string = operation.service
    let method = operation.method
    let httpMethod = 'POST'
    let contentType: string | undefined = 'application/json'
    let accessKey: KeyToken = { key: 'valid' }
    let secretKey: KeyToken = operation.secret ? { key: 'valid' } : { key: 'none' }
    let body: Record<string, unknown> = { ...operation.valid }
    let raw: Bytes | undefined
    const text = (value: string) => (raw = bytes(value))
    for (const fault of faults) {
      switch (fault.kind) {
        case 'unknown method':
          method += fault.suffix
          break
        case 'unknown service':
          service = fault.name
          break
        case 'unknown network':
          network = fault.network
          break
        case 'HTTP method':
          httpMethod = fault.method
          break
        case 'content type':
          contentType = fault.value
          break
        case 'malformed JSON':
        case 'random body':
          text(fault.body)
          break
        case 'not an object':
          text(JSON.stringify(fault.json))
          break
        case 'not UTF-8':
          raw = Buffer.concat([
            Buffer.from('{"' + Object.keys(body)[0] + '":"'),
            Buffer.from([0xff, 0xfe]),
            Buffer.from('"}'),
          ])
          break
        case 'oversized body':
          text(JSON.stringify({ ...body, padding: OVERSIZED_PADDING }))
          break
        case 'wrong type':
        case 'unknown field':
          body = { ...body, [fault.key]: fault.value }
          break
        case 'missing field':
          body = Object.fromEntries(Object.entries(body).filter(([key]) => key !== fault.key))
          break
        case 'access key':
          accessKey = fault.token
          break
        case 'secret key':
          secretKey = fault.token
          break
      }
    }
    const headers: Record<string, string> = {}
    if (contentType !== undefined) headers['Content-Type'] = contentType
    const access = keyValue(accessKey, { valid: server.accessKey, other: otherProject.accessKey })
    if (access !== undefined) headers['X-Access-Key'] = access
    const secret = keyValue(secretKey, {
      valid: `BEARER ${keys.valid}`,
      other: `BEARER ${keys.other}`,
      expired: `BEARER ${keys.expired}`,
    })
    if (secret !== undefined) headers['Authorization'] = secret
    return {
      path: routeOf(operation, network, service, method),
      method: httpMethod,
      headers,
      // fetch sends no body with GET.
      body: httpMethod === 'GET' ? undefined : (raw ?? bytes(JSON.stringify(body))),
    }
  }

  /** Sends a rendered request, with an existing listener's id where the body names one. */
  async function send(operation: Operation, rendered: RenderedRequest): Promise<RawResponse> {
    const placeholder = rendered.body && Buffer.from(rendered.body).includes(EXISTING_LISTENER)
    const listenerId = placeholder ? (listeners.pop() ?? (await addListener())) : undefined
    const body =
      listenerId && rendered.body
        ? bytes(
            Buffer.from(
              Buffer.from(rendered.body).toString('latin1').replaceAll(EXISTING_LISTENER, listenerId),
              'latin1',
            ),
          )
        : rendered.body
    const response = await rawCall(server.url + rendered.path, {
      method: rendered.method,
      headers: rendered.headers,
      ...(body ? { body } : {}),
    })
    if (listenerId && response.status !== 200) listeners.push(listenerId)
    const added = (response.json as { listener?: { id?: string } } | undefined)?.listener?.id
    // A listener added with the other project's keys is not the sample project's to remove.
    const own = rendered.headers['X-Access-Key'] === server.accessKey
    if (response.status === 200 && operation.method === 'AddWebhookListener' && added && own) listeners.push(added)
    return response
  }

  async function addListener(): Promise<string> {
    const { listener } = await clients.indexer.addWebhookListener({
      url: 'http://127.0.0.1:9/fuzz',
      filters: {
        contractAddresses: ['0x00000000000000000000000000000000000f0220'],
        events: ['Transfer(address indexed from, address indexed to, uint256 indexed tokenId)'],
      },
    })
    return listener.id
  }

  return { render, send }
}

function keyValue(
  token: KeyToken,
  values: Record<'valid' | 'other', string> & { expired?: string },
): string | undefined {
  if (token.key === 'none') return undefined
  if (token.key === 'literal') return token.value
  const value = values[token.key]
  if (value === undefined) throw new Error(`no ${token.key} key of this kind`)
  return value
}
