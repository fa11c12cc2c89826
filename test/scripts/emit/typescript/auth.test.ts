import { describe, expect, it } from 'vitest'
import { authPass } from '../../../../scripts/emit/typescript/auth.js'
import { routingPass } from '../../../../scripts/emit/typescript/routing.js'
import { format, miniIR, runPasses, runtimeClient } from './support/stock.js'

interface MethodSpec {
  name: string
  secret?: boolean
}

/** A client as the routing pass leaves it, with one method per name. */
const routedClient = (service: string, methods: MethodSpec[]) =>
  runPasses(
    [routingPass],
    service.toLowerCase(),
    miniIR(service, methods),
    runtimeClient(
      service,
      methods.map((m) => m.name),
    ),
  )

const cases = [
  {
    name: 'a service with a secret-key method: the table says where, the options take a secret key',
    service: 'Indexer',
    methods: [{ name: 'AddWebhookListener', secret: true }, { name: 'GetStatus' }],
    table: `/** The key each Indexer method needs; a server host checks the same (docs/auth.md). */
export const IndexerAuth = {
  AddWebhookListener: 'secretKey',
  GetStatus: 'accessKey',
} as const`,
    members: `  network: Network
  /** Public project access key, sent as X-Access-Key on every call. */
  accessKey: string
  /** Secret API key, sent as \`Authorization: BEARER <secretKey>\` only on the calls that need it. Server-side only: never ship it to a browser. */
  secretKey?: string`,
  },
  {
    name: 'a service without secret-key methods takes no secret key at all',
    service: 'Relayer',
    methods: [{ name: 'ListGasSponsors' }],
    table: `/** The key each Relayer method needs; a server host checks the same (docs/auth.md). */
export const RelayerAuth = {
  ListGasSponsors: 'accessKey',
} as const`,
    members: `  network: Network
  /** Public project access key, sent as X-Access-Key on every call. */
  accessKey: string
  /** Address template`,
  },
]

describe('auth pass: given source, expected source', () => {
  for (const { name, service, methods, table, members } of cases) {
    it(name, async () => {
      const source = await routedClient(service, methods)
      const actual = await runPasses([authPass], service.toLowerCase(), miniIR(service, methods), source)
      const descriptor = `const ${service[0]!.toLowerCase()}${service.slice(1)}Descriptor`
      // The table comes before the descriptor that reads it when the module loads.
      expect(actual).toContain(
        `${table}\n\n/** What the shared client runtime needs to know of ${service}. */\n${descriptor}`,
      )
      expect(actual).toContain(`  route: ${service.toUpperCase()}_ROUTE,\n  auth: ${service}Auth,\n}`)
      expect(actual).toContain(members)
      if (!methods.some((m) => m.secret)) expect(actual).not.toContain('secretKey?')
      expect(await runPasses([authPass], service.toLowerCase(), miniIR(service, methods), actual)).toBe(actual)
    })
  }

  it('the annotation decides: the same method without @auth:"secret" needs only the access key', async () => {
    const methods = [{ name: 'AddWebhookListener' }]
    const actual = await runPasses(
      [authPass],
      'indexer',
      miniIR('Indexer', methods),
      await routedClient('Indexer', methods),
    )
    expect(actual).toContain("AddWebhookListener: 'accessKey'")
    expect(actual).not.toContain('secretKey')
  })

  it('formats as it is emitted (no formatter runs over gen/)', async () => {
    const methods = [{ name: 'AddWebhookListener', secret: true }]
    const source = await routedClient('Indexer', methods)
    const { postprocess } = await import('../../../../scripts/emit/typescript/index.js')
    const emitted = postprocess('indexer', source, miniIR('Indexer', methods), [authPass])
    expect(emitted).toBe(await format(emitted))
  })
})
