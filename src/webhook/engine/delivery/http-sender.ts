import { lookup as dnsLookup, type LookupAddress } from 'node:dns'
import http from 'node:http'
import https from 'node:https'
import { isIP, type LookupFunction } from 'node:net'
import { isNonPublicAddress } from '../listeners/address-guard.js'

export interface SendResult {
  /** HTTP status, when the receiver answered. */
  status?: number
  retryAfter?: string
  location?: string
  /** Why no answer came (timeout, refused, private address, ...). */
  error?: string
}

/** Sends one POST; never follows redirects; never throws. */
export type Sender = (
  url: string,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
  signal: AbortSignal,
) => Promise<SendResult>

/**
 * The default sender: node:http(s) with a DNS lookup that refuses non-public addresses unless
 * private targets are allowed. Checking the address the socket really connects to (not a name
 * resolved earlier) closes the DNS-rebinding gap.
 */
export function createHttpSender(allowPrivateTargets: boolean): Sender {
  const lookup: LookupFunction | undefined = allowPrivateTargets ? undefined : guardedLookup
  return (url, headers, body, timeoutMs, signal) =>
    new Promise((resolve) => {
      const target = new URL(url)
      const literal = target.hostname.replace(/^\[|\]$/g, '')
      // Node skips the lookup for IP literals, so they are checked here.
      if (!allowPrivateTargets && isIP(literal) && isNonPublicAddress(literal))
        return resolve({ error: `${literal} is not a public address` })
      const client = target.protocol === 'https:' ? https : http
      const send = (firstTry: boolean) => {
        const request = client.request(target, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            'user-agent': 'web3-market-webhooks/1',
            ...headers,
          },
          lookup,
          signal,
          timeout: timeoutMs,
        })
        const timer = setTimeout(() => request.destroy(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs)
        request.on('timeout', () => request.destroy(new Error(`no answer within ${timeoutMs} ms`)))
        request.on('response', (response) => {
          response.resume()
          response.on('end', () => {
            clearTimeout(timer)
            resolve({
              status: response.statusCode ?? 0,
              retryAfter: header(response.headers['retry-after']),
              location: header(response.headers.location),
            })
          })
          response.on('error', (error) => {
            clearTimeout(timer)
            resolve({ status: response.statusCode ?? 0, error: error.message })
          })
        })
        request.on('error', (error) => {
          clearTimeout(timer)
          // A kept-alive connection the receiver closed as idle while this request was on its way: sent again
          // once on a new connection, as Node's documentation advises, rather than failing the attempt.
          if (
            firstTry &&
            request.reusedSocket &&
            (error as NodeJS.ErrnoException).code === 'ECONNRESET' &&
            !signal.aborted
          )
            return send(false)
          resolve({ error: signal.aborted ? 'aborted: listener removed' : error.message })
        })
        request.end(body)
      }
      send(true)
    })
}

/** A sender over an injected fetch (redirect: manual). The caller owns DNS policy for it. */
export function createFetchSender(fetchImpl: typeof fetch): Sender {
  return async (url, headers, body, timeoutMs, signal) => {
    try {
      const response = await fetchImpl(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
        redirect: 'manual',
        signal: AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]),
      })
      // As the node:http sender: an answer whose body breaks off is a failed attempt.
      const unread = await response.arrayBuffer().then(
        () => undefined,
        (error: unknown) => (error as Error).message,
      )
      return {
        status: response.status,
        retryAfter: response.headers.get('retry-after') ?? undefined,
        location: response.headers.get('location') ?? undefined,
        ...(unread === undefined ? {} : { error: unread }),
      }
    } catch (error) {
      return { error: signal.aborted ? 'aborted: listener removed' : (error as Error).message }
    }
  }
}

function guardedLookup(hostname: string, options: object, callback: (...args: any[]) => void): void {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error)
    const blocked = addresses.find((entry) => isNonPublicAddress(entry.address))
    if (blocked) return callback(new Error(`${hostname} resolves to non-public address ${blocked.address}`))
    if ((options as { all?: boolean }).all) return callback(null, addresses)
    callback(null, addresses[0]!.address, addresses[0]!.family)
  })
}

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value
}
