import { http, type HttpHandler } from 'msw'
import { fetchHandler } from '../server/fetch.js'
import type { Host } from '../server/host.js'
import { toHostRequest, type ServiceAddress } from './routes.js'

/** One MSW handler per service address, each passing the request to the host at its own address. */
export function hostHandlers(host: Host, addresses: readonly ServiceAddress[]): HttpHandler[] {
  const handle = fetchHandler(host)
  return addresses.map((address) =>
    http.all(address.pattern, async ({ request }) => {
      const hostRequest = await toHostRequest(request, address)
      return hostRequest ? handle(hostRequest) : undefined
    }),
  )
}

/** A host made on its first request: creating handlers then costs a test file only their routes. */
export function hostOnFirstRequest(make: () => Promise<Host>): Host {
  let made: Promise<Host> | undefined
  return { handle: async (request) => (await (made ??= make())).handle(request) }
}
