import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { schemaDir } from '../../scripts/paths.js'
import { authPass } from '../../scripts/postprocess/auth.js'
import { passes, postprocess } from '../../scripts/postprocess/index.js'
import { PassShapeError } from '../../scripts/postprocess/pass.js'
import { routingPass } from '../../scripts/postprocess/routing.js'
import { loadRoutingData } from '../../scripts/postprocess/routing-data.js'
import { irOf, stockClient } from './support/stock.js'

/** Runs every pass over the stock file of `stem` after `change`; returns what was thrown. */
function runChanged(stem: string, change: (stock: string) => string, selected = passes): unknown {
  const stock = stockClient(stem)
  const changed = change(stock)
  if (selected === passes) expect(changed).not.toBe(stock)
  try {
    postprocess(stem, changed, irOf(stem), selected)
  } catch (error) {
    return error
  }
  return undefined
}

const failsNaming = (pass: string, error: unknown) => {
  expect(error).toBeInstanceOf(PassShapeError)
  expect((error as Error).message).toContain(`pass "${pass}"`)
}

describe('a pass detects a changed generated shape and names itself', () => {
  it('routing: the client constructor no longer takes (hostname, fetch)', () => {
    failsNaming(
      'routing',
      runChanged('relayer', (s) =>
        s.replace('constructor(hostname: string, fetch: Fetch)', 'constructor(baseUrl: string, fetch: Fetch)'),
      ),
    )
  })

  it('routing: the client class is gone', () => {
    failsNaming(
      'routing',
      runChanged('metadata', (s) =>
        s.replace('export class Metadata implements Metadata', 'export class MetadataClient implements Metadata'),
      ),
    )
  })

  it('auth: a method builds its request differently', () => {
    failsNaming(
      'auth',
      runChanged('indexer', (s) =>
        s.replace('createHTTPRequest(args, headers, signal)).then', 'createHTTPRequest(args, signal, headers)).then'),
      ),
    )
  })

  it('auth: createHTTPRequest has other parameters', () => {
    failsNaming(
      'auth',
      runChanged('builder', (s) =>
        s.replace(
          'const createHTTPRequest = (body: object = {}, headers: object = {}',
          'const createHTTPRequest = (payload: object = {}, headers: object = {}',
        ),
      ),
    )
  })

  it('auth: run without routing first', () => {
    failsNaming(
      'auth',
      runChanged('relayer', (s) => s, [passes[0]!, authPass]),
    )
  })

  it('the unchanged stock passes', () => {
    expect(
      runChanged('marketplace', (s) => s.replace('// Client', '// Client (unchanged)'), [routingPass, authPass]),
    ).toBeUndefined()
  })
})

describe('schema/networks.json is validated by its JSON Schema', () => {
  const withChange = (change: (doc: any) => void) => {
    const dir = mkdtempSync(join(tmpdir(), 'networks-'))
    const doc = JSON.parse(readFileSync(join(schemaDir, 'networks.json'), 'utf8'))
    change(doc)
    writeFileSync(join(dir, 'networks.json'), JSON.stringify(doc))
    writeFileSync(join(dir, 'networks.schema.json'), readFileSync(join(schemaDir, 'networks.schema.json')))
    return () => loadRoutingData(dir)
  }

  it('accepts the committed file', () => {
    expect(withChange(() => {})().networks).toHaveLength(39)
  })

  it.each([
    [
      'a relayer without the network host prefix',
      (d: any) => (d.services.relayer.defaultUrl = 'https://relayer.platform.app/{network}'),
    ],
    [
      'a marketplace without the network path segment',
      (d: any) => (d.services.marketplace.defaultUrl = 'https://marketplace-api.platform.app'),
    ],
    [
      'a fixed service with a network',
      (d: any) => (d.services.metadata.defaultUrl = 'https://{network}-metadata.platform.app'),
    ],
    ['a missing service', (d: any) => delete d.services.builder],
    ['a non-integer chain id', (d: any) => (d.networks[0].chainId = '80002')],
    ['an upper-case network name', (d: any) => (d.networks[0].name = 'Amoy')],
  ])('rejects %s', (_, change) => {
    expect(withChange(change)).toThrow(/does not match schema\/networks\.schema\.json/)
  })

  it('rejects a network listed twice', () => {
    expect(withChange((d) => d.networks.push({ name: 'polygon', chainId: 137 }))).toThrow(
      /lists network "polygon" twice/,
    )
  })
})
