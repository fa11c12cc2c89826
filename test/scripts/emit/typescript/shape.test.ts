import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { schemaDir } from '../../../../scripts/pipeline/paths.js'
import { authPass } from '../../../../scripts/emit/typescript/auth.js'
import { passes, postprocess } from '../../../../scripts/emit/typescript/index.js'
import { type Pass, PassShapeError } from '../../../../scripts/emit/typescript/pass.js'
import { routingPass } from '../../../../scripts/emit/typescript/routing.js'
import { loadRoutingData } from '../../../../scripts/pipeline/routing-data.js'
import { committedIR } from '../../../support/ir.js'
import { stockClient } from './support/stock.js'

/** Runs every pass over the stock file of `stem` after `change`; returns what was thrown. */
function runChanged(stem: string, change: (stock: string) => string, selected: readonly Pass[] = passes): unknown {
  const stock = stockClient(stem)
  const changed = change(stock)
  if (selected === passes) expect(changed).not.toBe(stock)
  try {
    postprocess(stem, changed, committedIR(stem), selected)
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
  const runtimeOnly = [passes[0]!]
  it.each([
    [
      'runtime',
      'the client class is gone',
      'metadata',
      (s: string) =>
        s.replace('export class Metadata implements Metadata', 'export class MetadataApi implements Metadata'),
      passes,
    ],
    [
      'runtime',
      'a method takes its arguments in another order',
      'indexer',
      (s: string) =>
        s.replace(
          'addWebhookListener = (args: AddWebhookListenerArgs, headers?: object, signal?: AbortSignal)',
          'addWebhookListener = (headers: object, args: AddWebhookListenerArgs, signal?: AbortSignal)',
        ),
      passes,
    ],
    [
      'runtime',
      'createHTTPRequest is gone',
      'builder',
      (s: string) =>
        s.replace('const createHTTPRequest =', 'const makeRequest =').replaceAll('createHTTPRequest(', 'makeRequest('),
      passes,
    ],
    [
      'routing',
      'run without the runtime pass first',
      'relayer',
      (s: string) => s.replace('// Client', '// Client.'),
      [routingPass],
    ],
    [
      'auth',
      'run without routing first',
      'relayer',
      (s: string) => s.replace('// Client', '// Client.'),
      [...runtimeOnly, authPass],
    ],
    [
      'docs',
      'a field of a schema type is missing from its interface',
      'marketplace',
      (s: string) => s.replace('  priceAmountNet: string', '  priceNet: string'),
      passes,
    ],
  ])('%s: %s', (pass, _, stem, change, selected) => {
    failsNaming(pass, runChanged(stem, change, selected))
  })

  it('the unchanged stock passes', () => {
    expect(runChanged('marketplace', (s) => s.replace('// Client', '// Client (unchanged)'))).toBeUndefined()
  })
})

describe('schema/networks.json is validated by its JSON Schema', () => {
  const changedCopies = mkdtempSync(join(tmpdir(), 'networks-'))
  afterAll(() => rmSync(changedCopies, { recursive: true, force: true }))
  const withChange = (change: (doc: any) => void) => {
    const dir = mkdtempSync(join(changedCopies, 'copy-'))
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
