import { describe, expect, it } from 'vitest'
import { routingPass } from '../../scripts/postprocess/routing.js'
import { format, miniIR, runPasses } from './support/stock.js'

/** The stock gen-typescript client class, as webrpc-gen v0.23.4 prints it (methods left out). */
const stockClass = (service: string) => `// header
export class ${service} implements ${service} {
  protected hostname: string
  protected fetch: Fetch
  protected path = '/rpc/${service}/'

  constructor(hostname: string, fetch: Fetch) {
    this.hostname = hostname.replace(/\\/*$/, '')
    this.fetch = (input: RequestInfo, init?: RequestInit) => fetch(input, init)
  }

  private url(name: string): string {
    return this.hostname + this.path + name
  }
}
`

const cases = [
  {
    name: 'a network-scoped service (host prefix) takes { network, url?, fetch? } and exposes its network',
    service: 'Relayer',
    expected: `// header
import { assertNetwork, resolveServiceUrl, Network } from './networks.gen.js'

/** How the Relayer client reaches its service. */
export interface RelayerClientOptions {
  /** Selects the \`<network>-relayer\` host of every call (SPEC §1). */
  network: Network
  /** Address template replacing the default \`https://{network}-relayer.platform.app\`; must contain \`{network}\`. */
  url?: string
  /** Defaults to the global fetch. */
  fetch?: Fetch
}

export class Relayer implements Relayer {
  readonly #network: Network
  protected baseUrl: string
  protected fetch: Fetch
  protected path = '/rpc/Relayer/'

  constructor(options: RelayerClientOptions) {
    this.#network = assertNetwork(options.network)
    this.baseUrl = resolveServiceUrl('relayer', this.#network, options.url).replace(/\\/*$/, '')
    const fetch = options.fetch ?? globalThis.fetch
    if (typeof fetch !== 'function') throw new TypeError('Relayer: no global fetch; pass options.fetch')
    this.fetch = (input: RequestInfo, init?: RequestInit) => fetch(input, init)
  }

  /** The network every call of this client goes to; fixed for the life of the client. */
  get network(): Network {
    return this.#network
  }

  private url(name: string): string {
    return this.baseUrl + this.path + name
  }
}

export * from './networks.gen.js'
`,
  },
  {
    name: 'a fixed-address service takes no network',
    service: 'Builder',
    expected: `// header
import { resolveServiceUrl } from './networks.gen.js'

/** How the Builder client reaches its service. */
export interface BuilderClientOptions {
  /** Address template replacing the default \`https://api.platform.build\`. */
  url?: string
  /** Defaults to the global fetch. */
  fetch?: Fetch
}

export class Builder implements Builder {
  protected baseUrl: string
  protected fetch: Fetch
  protected path = '/rpc/Builder/'

  constructor(options: BuilderClientOptions) {
    this.baseUrl = resolveServiceUrl('builder', undefined, options.url).replace(/\\/*$/, '')
    const fetch = options.fetch ?? globalThis.fetch
    if (typeof fetch !== 'function') throw new TypeError('Builder: no global fetch; pass options.fetch')
    this.fetch = (input: RequestInfo, init?: RequestInit) => fetch(input, init)
  }

  private url(name: string): string {
    return this.baseUrl + this.path + name
  }
}

export * from './networks.gen.js'
`,
  },
  {
    name: 'a network-scoped service (path segment) documents its segment',
    service: 'Marketplace',
    expected: (actual: string) =>
      actual.includes('/** Selects the path segment of every call (SPEC §1). */\n  network: Network') &&
      actual.includes("resolveServiceUrl('marketplace', this.#network, options.url)") &&
      actual.includes('`https://marketplace-api.platform.app/{network}/`'),
  },
]

describe('routing pass: given source, expected source', () => {
  for (const { name, service, expected } of cases) {
    it(name, async () => {
      const actual = await runPasses([routingPass], service.toLowerCase(), miniIR(service), stockClass(service))
      if (typeof expected === 'string') expect(actual).toBe(await format(expected))
      else expect(expected(actual)).toBe(true)
    })
  }

  it('leaves its own output unchanged', async () => {
    const once = await runPasses([routingPass], 'relayer', miniIR('Relayer'), stockClass('Relayer'))
    expect(await runPasses([routingPass], 'relayer', miniIR('Relayer'), once)).toBe(once)
  })
})
