import type { HttpHandler } from 'msw'
import type { BuilderService } from '../../gen/builder.gen.js'
import { BuilderMethods } from '../../gen/builder.gen.js'
import type { IndexerService } from '../../gen/indexer.gen.js'
import { IndexerMethods } from '../../gen/indexer.gen.js'
import type { MarketplaceService } from '../../gen/marketplace.gen.js'
import { MarketplaceMethods } from '../../gen/marketplace.gen.js'
import type { MetadataService } from '../../gen/metadata.gen.js'
import { MetadataMethods } from '../../gen/metadata.gen.js'
import type { Network, ServiceName } from '../../gen/networks.gen.js'
import type { RelayerService } from '../../gen/relayer.gen.js'
import { RelayerMethods } from '../../gen/relayer.gen.js'
import { networkTable } from '../reference/networks.js'
import type { Caller } from '../server/auth.js'
import { createHost, type CallContext } from '../server/host.js'
import { platformServices, type PlatformHandlers } from '../server/services.js'
import { hostHandlers, hostOnFirstRequest } from './handle.js'
import { mockAuth, mockFixtures, mockJwtSecret, type MockOptions } from './mock-options.js'
import { serviceAddresses } from './routes.js'

/** What an override's resolver receives: the call's arguments (validated as the service validates them), network and caller. */
export interface MockCall<Args> {
  args: Args
  /** The network of the address called (Marketplace, Relayer, Indexer); undefined for Metadata and Builder. */
  network: Network | undefined
  /** The project whose access key (and, for the Indexer, secret key) the call carried. */
  caller: Caller
  /** Aborted when the call times out or the client goes away. */
  signal: AbortSignal
}

/**
 * Answers one operation: return its typed answer (checked against the response schema; a broken one is answered
 * WebrpcBadResponse with the schema's message), or throw one of the package's error classes (sent as that error).
 * It may take its time (`await delay(ms)` from msw).
 */
export type MockResolver<Args, Return> = (call: MockCall<Args>) => Return | Promise<Return>

type Lower<Name extends string> = Name extends `${infer First}${infer Rest}` ? `${Lowercase<First>}${Rest}` : Name

/** One function per method, named as the client's method (`getFloorOrder`), each making an MSW handler for that method only. */
export type ServiceMock<Service> = {
  [Method in keyof Service & string as Lower<Method>]: Service[Method] extends (
    args: infer Args,
    context: CallContext,
  ) => infer Return
    ? (resolver: MockResolver<Args, Awaited<Return>>, options?: MockOptions) => HttpHandler
    : never
}

function overrideHandler(
  service: keyof PlatformHandlers,
  method: string,
  resolver: MockResolver<unknown, unknown>,
  options: MockOptions = {},
): HttpHandler[] {
  const answer = (args: unknown, context: CallContext) =>
    resolver({ args, network: context.network as Network | undefined, caller: context.caller!, signal: context.signal })
  // Only this method's address reaches this host, so every method of every service may answer with the resolver.
  const everyMethod = new Proxy({}, { get: () => answer }) as never
  const documents = mockFixtures(options)
  // The request and response validators load with the first request.
  const host = hostOnFirstRequest(async () => {
    const { validateRequest, validateResponse } = await import('../validate/index.js')
    return createHost({
      services: platformServices({
        Marketplace: everyMethod,
        Metadata: everyMethod,
        Builder: everyMethod,
        Relayer: everyMethod,
        Indexer: everyMethod,
      }),
      networks: networkTable().names,
      auth: mockAuth(documents, options.jwtSecret ?? mockJwtSecret),
      validate: validateRequest,
      validateResponse,
    })
  })
  const key = service.toLowerCase() as ServiceName
  const addresses = serviceAddresses(options.urls, `${service}/${method}`).filter((a) => a.service === key)
  return hostHandlers(host, addresses)
}

function serviceMock<Service>(service: keyof PlatformHandlers, methods: readonly string[]): ServiceMock<Service> {
  const entries = methods.map((method) => [
    method[0]!.toLowerCase() + method.slice(1),
    (resolver: MockResolver<unknown, unknown>, options?: MockOptions) =>
      overrideHandler(service, method, resolver, options)[0]!,
  ])
  return Object.freeze(Object.fromEntries(entries)) as ServiceMock<Service>
}

export const mockMarketplace = serviceMock<MarketplaceService<CallContext>>('Marketplace', MarketplaceMethods)
export const mockMetadata = serviceMock<MetadataService<CallContext>>('Metadata', MetadataMethods)
export const mockBuilder = serviceMock<BuilderService<CallContext>>('Builder', BuilderMethods)
export const mockRelayer = serviceMock<RelayerService<CallContext>>('Relayer', RelayerMethods)
export const mockIndexer = serviceMock<IndexerService<CallContext>>('Indexer', IndexerMethods)
