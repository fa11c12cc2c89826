import { SERVICE_ROUTES, type ServiceName, type ServiceUrls } from '../../gen/networks.gen.js'
import { localUrls } from '../client/local-urls.js'

/** Where the host behind the handlers takes its requests: every service under one origin, as the local server. */
const hostOrigin = 'http://contract.mock.invalid'
const hostUrls = localUrls(hostOrigin)

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** One service address the handlers answer at. */
export interface ServiceAddress {
  service: ServiceName
  /** Matches `<address>/rpc/<Service>/<Method>` (any query), capturing the network where the address has one. */
  pattern: RegExp
}

/**
 * The address templates the handlers answer at: the caller's (e.g. `localUrls(url)` or a staging host), else the
 * defaults; `only` (`Service/Method`) narrows them to one method.
 */
export function serviceAddresses(urls: ServiceUrls | undefined, only?: `${string}/${string}`): ServiceAddress[] {
  const rest = only ? escape(only) : '[^?#]*'
  return (Object.keys(SERVICE_ROUTES) as ServiceName[]).map((service) => {
    const template = (urls?.[service] ?? SERVICE_ROUTES[service].defaultUrl).replace(/\/+$/, '')
    const [before, after] = template.split('{network}').map(escape)
    const address = after === undefined ? before : `${before}(?<network>[A-Za-z0-9-]+?)${after}`
    return { service, pattern: new RegExp(`^${address}/rpc/(?<rest>${rest})(?:[?#].*)?$`) }
  })
}

/**
 * The request as the host takes it: the same call at the host's own address (the network a path segment or a
 * `<network>-<service>` prefix, as `localUrls` places it), so routing, auth and errors are the host's.
 */
export async function toHostRequest(request: Request, address: ServiceAddress): Promise<Request | undefined> {
  const url = new URL(request.url)
  const match = address.pattern.exec(url.href)
  if (!match) return undefined
  const network = match.groups?.network
  const base = hostUrls[address.service].replace('{network}', network ?? '').replace(/\/+$/, '')
  const headers = new Headers(request.headers)
  headers.delete('host')
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD'
  return new Request(`${base}/rpc/${match.groups!.rest}${url.search}`, {
    method: request.method,
    headers,
    body: hasBody ? await request.arrayBuffer() : undefined,
    signal: request.signal,
  })
}
