import { describe, expect, it } from 'vitest'
import { authPass } from '../../scripts/postprocess/auth.js'
import { format, miniIR, runPasses } from './support/stock.js'

interface MethodSpec {
  name: string
  secret?: boolean
  /** gen-typescript prints such a method as `(headers?, signal?)` sending `{}`. */
  noInputs?: boolean
}

const camel = (name: string) => name[0]!.toLowerCase() + name.slice(1)
const parameters = (m: MethodSpec) =>
  `${m.noInputs ? '' : `args: ${m.name}Args, `}headers?: object, signal?: AbortSignal`
const body = (m: MethodSpec) => (m.noInputs ? '{}' : 'args')

/** A client as the routing pass leaves it, with one method per name (bodies as gen-typescript prints them, shortened). */
const routedClient = (service: string, methods: MethodSpec[]) => `// header
export interface ${service}ClientOptions {
  network: Network
}

export class ${service} implements ${service} {
  constructor(options: ${service}ClientOptions) {
    this.fetch = options.fetch
  }
${methods
  .map(
    (m) => `
  ${camel(m.name)} = (${parameters(m)}): Promise<${m.name}Return> => {
    return this.fetch(this.url('${m.name}'), createHTTPRequest(${body(m)}, headers, signal)).then(buildResponse)
  }`,
  )
  .join('\n')}
}

const createHTTPRequest = (body: object = {}, headers: object = {}, signal: AbortSignal | null = null): object => {
  return { method: 'POST', headers, body: JSON.stringify(body), signal }
}
`

const authenticatedRequest = `const createHTTPRequest = (
  body: object = {},
  headers: object = {},
  signal: AbortSignal | null = null,
  credentials: Readonly<Record<string, string>> = {},
): object => {
  const reqHeaders: { [key: string]: string } = { ...perCallHeaders(headers), ...credentials, 'Content-Type': 'application/json' }
  reqHeaders[WebrpcHeader] = WebrpcHeaderValue

  return {
    method: 'POST',
    headers: reqHeaders,
    body: JSON.stringify(body || {}),
    signal,
  }
}`

const imports = `import { credentials, missingCredentialError, perCallHeaders, redactCredentials, Credentials } from './credentials.gen.js'`

const method = (service: string, name: string, kind: 'accessKey' | 'secretKey', noInputs = false) => `
  ${camel(name)} = (${parameters({ name, noInputs })}): Promise<${name}Return> => {
    const credentials = this.#credentials.${kind}
    if (!credentials) return Promise.reject(missingCredentialError('${kind}', '${service}.${name}'))
    return this.fetch(this.url('${name}'), createHTTPRequest(${body({ name, noInputs })}, headers, signal, credentials))
      .then(buildResponse)
      .catch((error) => {
        throw redactCredentials(error, this.#credentials.secrets)
      })
  }`

const cases = [
  {
    name: 'a service with a secret-key method: Authorization only there, secretKey option, descriptor',
    service: 'Indexer',
    methods: [{ name: 'AddWebhookListener', secret: true }, { name: 'GetStatus' }],
    expected: `// header
${imports}

/** The key each Indexer method needs; a server host checks the same (SPEC §5). */
export const IndexerAuth = {
  AddWebhookListener: 'secretKey',
  GetStatus: 'accessKey',
} as const

export interface IndexerClientOptions {
  network: Network
  /** Public project access key, sent as X-Access-Key on every call. */
  accessKey: string
  /** Secret API key, sent as \`Authorization: BEARER <secretKey>\` only on the calls that need it. Server-side only: never ship it to a browser. */
  secretKey?: string
}

export class Indexer implements Indexer {
  readonly #credentials: Credentials

  constructor(options: IndexerClientOptions) {
    this.fetch = options.fetch
    this.#credentials = credentials(options.accessKey, options.secretKey)
  }
${method('Indexer', 'AddWebhookListener', 'secretKey')}
${method('Indexer', 'GetStatus', 'accessKey')}
}

${authenticatedRequest}
`,
  },
  {
    name: 'a service without secret-key methods takes no secret key at all',
    service: 'Relayer',
    methods: [{ name: 'ListGasSponsors' }],
    expected: `// header
${imports}

/** The key each Relayer method needs; a server host checks the same (SPEC §5). */
export const RelayerAuth = {
  ListGasSponsors: 'accessKey',
} as const

export interface RelayerClientOptions {
  network: Network
  /** Public project access key, sent as X-Access-Key on every call. */
  accessKey: string
}

export class Relayer implements Relayer {
  readonly #credentials: Credentials

  constructor(options: RelayerClientOptions) {
    this.fetch = options.fetch
    this.#credentials = credentials(options.accessKey, undefined)
  }
${method('Relayer', 'ListGasSponsors', 'accessKey')}
}

${authenticatedRequest}
`,
  },
  {
    name: 'a method without inputs (the stock client sends {}) gets its key like any other',
    service: 'Relayer',
    methods: [{ name: 'Ping', noInputs: true }],
    expected: `// header
${imports}

/** The key each Relayer method needs; a server host checks the same (SPEC §5). */
export const RelayerAuth = {
  Ping: 'accessKey',
} as const

export interface RelayerClientOptions {
  network: Network
  /** Public project access key, sent as X-Access-Key on every call. */
  accessKey: string
}

export class Relayer implements Relayer {
  readonly #credentials: Credentials

  constructor(options: RelayerClientOptions) {
    this.fetch = options.fetch
    this.#credentials = credentials(options.accessKey, undefined)
  }
${method('Relayer', 'Ping', 'accessKey', true)}
}

${authenticatedRequest}
`,
  },
]

describe('auth pass: given source, expected source', () => {
  for (const { name, service, methods, expected } of cases) {
    it(name, async () => {
      const source = routedClient(service, methods)
      const actual = await runPasses([authPass], service.toLowerCase(), miniIR(service, methods), source)
      expect(actual).toBe(await format(expected))
    })
  }

  it('the annotation decides: the same method without @auth:"secret" sends only X-Access-Key', async () => {
    const source = routedClient('Indexer', [{ name: 'AddWebhookListener' }])
    const actual = await runPasses([authPass], 'indexer', miniIR('Indexer', [{ name: 'AddWebhookListener' }]), source)
    expect(actual).toContain("AddWebhookListener: 'accessKey'")
    expect(actual).toContain('const credentials = this.#credentials.accessKey')
    expect(actual).not.toContain('secretKey')
  })
})
