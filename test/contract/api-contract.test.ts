import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { IREnum, WebrpcIR } from '../../scripts/pipeline/ir.js'
import { schemaDir, serviceRoots } from '../../scripts/pipeline/paths.js'
import { compareWithContract } from './compare.js'
import { committedIRs, freshIR, operationKeys } from '../support/ir.js'
import { contractOperations, requiredFilterFields } from '../support/api-contract-tables.js'

const irs = [...committedIRs().values()]
const enumValues = (name: string): string[] => {
  const found = irs.flatMap((ir) => ir.types).find((t): t is IREnum => t.kind === 'enum' && t.name === name)
  return found ? found.fields.map((f) => f.name) : []
}

describe('the schema against the API contract', () => {
  it('has every field of every table of the API contract with its wire type', () => {
    expect(compareWithContract(irs)).toEqual([])
  })

  it('has exactly the operations of docs/endpoints.md', () => {
    expect(operationKeys().sort()).toEqual(contractOperations.map((op) => `${op.service}.${op.method}`).sort())
  })

  it('requires the webhook filter fields the API contract marks required', () => {
    const filters = irs.flatMap((ir) => ir.types).find((t) => t.name === 'WebhookFilters')
    if (filters?.kind !== 'struct') throw new Error('no WebhookFilters struct')
    for (const name of requiredFilterFields) {
      const field = filters.fields.find((f) => f.name === name)
      expect(field, name).toBeDefined()
      expect(field?.optional === true, `${name} optional`).toBe(false)
    }
  })

  it('annotates exactly the two webhook operations as secret-key calls', () => {
    const secret = irs.flatMap((ir) =>
      ir.services.flatMap((s) =>
        s.methods.filter((m) => m.annotations.auth?.value === 'secret').map((m) => `${s.name}.${m.name}`),
      ),
    )
    expect(secret.sort()).toEqual(['Indexer.AddWebhookListener', 'Indexer.RemoveWebhookListener'])
  })

  it('carries the enum values the API contract names', () => {
    const marketplaceKinds = enumValues('MarketplaceKind')
    expect(marketplaceKinds.slice(0, 3)).toEqual(['unknown', 'platform_marketplace_v1', 'platform_marketplace_v2'])
    expect(marketplaceKinds).toHaveLength(12)
    expect(enumValues('WalletKind')).toEqual(['unknown', 'platform'])
    for (const name of ['SourceKind', 'OrderSide', 'OrderStatus', 'StepType', 'ExecuteType']) {
      expect(enumValues(name)[0], name).toBe('unknown')
    }
    expect(enumValues('SortOrder')).toContain('DESC')
    expect(enumValues('PropertyType')).toContain('STRING')
    expect(enumValues('ContractSourceType')).toContain('LINKED')
    expect(enumValues('WebhookEventType')).toContain('BLOCK_ADDED')
    expect(enumValues('LogDataType')).toContain('TOKEN_TRANSFER')
    expect(enumValues('ContractType')).toEqual(expect.arrayContaining(['ERC20', 'ERC721', 'ERC1155']))
  })
})

describe('the contract test itself', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'contract-'))
  afterAll(() => rmSync(scratch, { recursive: true, force: true }))

  const irsOf = (dir: string): WebrpcIR[] => serviceRoots().map((stem) => freshIR(`${stem}.ridl`, dir))

  it('fails when a field of the API contract is removed from a .ridl', () => {
    cpSync(schemaDir, scratch, { recursive: true })
    const ridl = join(scratch, 'marketplace.ridl')
    const original = readFileSync(ridl, 'utf8')
    const edited = original.replace(/^  - priceUSDFormatted: string\n/m, '')
    expect(edited).not.toBe(original)
    writeFileSync(ridl, edited)
    expect(compareWithContract(irsOf(scratch))).toEqual(['Order.priceUSDFormatted: missing'])
  })

  it('fails when a field changes its wire type', () => {
    cpSync(schemaDir, scratch, { recursive: true })
    const ridl = join(scratch, 'relayer.ridl')
    writeFileSync(ridl, readFileSync(ridl, 'utf8').replace('  - active: bool', '  - active: string'))
    expect(compareWithContract(irsOf(scratch))).toEqual([
      'GasSponsor.active: the API contract says bool, RIDL has string',
    ])
  })
})
