// Preloaded (node --import) into every example run by examples.test.ts: requests to the default service hosts
// (placeholders no test can reach) go to the local contract server at CONTRACT_URL, with the same routing
// localUrls gives a client, and so do requests to the local server's default address, which the examples name as
// its user types them (the test's server listens on a free port). Other requests pass through.
import { SERVICE_ROUTES, type ServiceName } from '../../../gen/networks.gen.js'
import { localUrls } from '../../../src/client/local-urls.js'

const local = localUrls(process.env.CONTRACT_URL!)
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')
const routes = (Object.keys(SERVICE_ROUTES) as ServiceName[]).map((service) => ({
  pattern: new RegExp(`^${escapeRegExp(SERVICE_ROUTES[service].defaultUrl).replace('\\{network\\}', '([a-z0-9-]+)')}`),
  target: local[service],
}))

const defaultLocalAddress = 'http://127.0.0.1:8080/'

function localAddress(url: string): string {
  if (url.startsWith(defaultLocalAddress))
    return `${process.env.CONTRACT_URL!.replace(/\/$/, '')}/${url.slice(defaultLocalAddress.length)}`
  for (const { pattern, target } of routes) {
    const match = pattern.exec(url)
    if (match) return target.replace('{network}', match[1] ?? '') + url.slice(match[0].length)
  }
  return url
}

const realFetch = globalThis.fetch
globalThis.fetch = (input: string | URL | Request, init?: RequestInit) =>
  input instanceof Request
    ? realFetch(new Request(localAddress(input.url), input), init)
    : realFetch(localAddress(String(input)), init)
