import { describe, expect, it } from 'vitest'
import { routingPass } from '../../../../scripts/emit/typescript/routing.js'
import { format, miniIR, runPasses, runtimeClient } from './support/stock.js'

const cases = [
  {
    name: 'a network-scoped service (host prefix) takes { network, url?, fetch? }, checks and exposes its network',
    service: 'Relayer',
    expected: `// header
import { ServiceClient, type Fetch, type ServiceDescriptor } from '../src/runtime/client.js'
import { RELAYER_ROUTE, assertNetwork, type Network } from './networks.gen.js'

/** What the shared client runtime needs to know of Relayer. */
const relayerDescriptor: ServiceDescriptor = {
  name: 'Relayer',
  key: 'relayer',
  webrpcHeader: WebrpcHeaderValue,
  errors: webrpcErrorByCode,
  route: RELAYER_ROUTE,
}

/** How the Relayer client reaches its service, and the call options of all its calls. */
export interface RelayerClientOptions extends BaseCallOptions {
  /** Selects the \`<network>-relayer\` host of every call (docs/overview.md). */
  network: Network
  /** Address template replacing the default \`https://{network}-relayer.platform.app\`; must contain \`{network}\`. */
  url?: string
  /** Defaults to the global fetch. */
  fetch?: Fetch
}

export class Relayer implements RelayerClient {
  readonly #client: ServiceClient
  readonly #network: Network

  constructor(options: RelayerClientOptions) {
    this.#network = assertNetwork(options.network)
    this.#client = new ServiceClient(relayerDescriptor, options)
  }

  /** The network every call of this client goes to; fixed for the life of the client. */
  get network(): Network {
    return this.#network
  }
}
`,
  },
  {
    name: 'a fixed-address service takes no network',
    service: 'Builder',
    expected: `// header
import { ServiceClient, type Fetch, type ServiceDescriptor } from '../src/runtime/client.js'
import { BUILDER_ROUTE } from './networks.gen.js'

/** What the shared client runtime needs to know of Builder. */
const builderDescriptor: ServiceDescriptor = {
  name: 'Builder',
  key: 'builder',
  webrpcHeader: WebrpcHeaderValue,
  errors: webrpcErrorByCode,
  route: BUILDER_ROUTE,
}

/** How the Builder client reaches its service, and the call options of all its calls. */
export interface BuilderClientOptions extends BaseCallOptions {
  /** Address template replacing the default \`https://api.platform.build\`. */
  url?: string
  /** Defaults to the global fetch. */
  fetch?: Fetch
}

export class Builder implements BuilderClient {
  readonly #client: ServiceClient

  constructor(options: BuilderClientOptions) {
    this.#client = new ServiceClient(builderDescriptor, options)
  }
}
`,
  },
  {
    name: 'a network-scoped service (path segment) documents its segment',
    service: 'Marketplace',
    expected: (actual: string) =>
      actual.includes('/** Selects the path segment of every call (docs/overview.md). */\n  network: Network') &&
      actual.includes('route: MARKETPLACE_ROUTE,') &&
      actual.includes('`https://marketplace-api.platform.app/{network}/`'),
  },
]

describe('routing pass: given source, expected source', () => {
  for (const { name, service, expected } of cases) {
    it(name, async () => {
      const actual = await runPasses([routingPass], service.toLowerCase(), miniIR(service), runtimeClient(service))
      if (typeof expected === 'string') expect(actual).toBe(await format(expected))
      else expect(expected(actual)).toBe(true)
    })
  }

  it('leaves its own output unchanged', async () => {
    const once = await runPasses([routingPass], 'relayer', miniIR('Relayer'), runtimeClient('Relayer'))
    expect(await runPasses([routingPass], 'relayer', miniIR('Relayer'), once)).toBe(once)
  })
})
