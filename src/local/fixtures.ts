import { readFileSync } from 'node:fs'
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormatsModule from 'ajv-formats'
import { unservableFixtures } from './fixture-checks.js'
import schema from './fixtures.schema.json' with { type: 'json' }

/** The shape of src/local/fixtures.schema.json. */
export interface Fixtures {
  projects?: { id: number; name: string; accessKey: string }[]
  currencies?: { network: string; address: string; symbol: string; decimals: number; usdPrice: number }[]
  collections?: FixtureCollection[]
  audiences?: {
    id: number
    projectId: number
    name: string
    contacts: { address: string; name?: string; email?: string }[]
  }[]
  contracts?: {
    id: number
    projectId: number
    audienceId?: number
    network: string
    contractName: string
    contractAddress: string
    contractType: string
    source: 'LINKED' | 'DEPLOYED'
    itemsContractAddress?: string
    abi?: string
    bytecode?: string
    bytecodeHash?: string
  }[]
  gasSponsors?: {
    id: number
    gasTankId: number
    projectId: number
    network: string
    address: string
    name: string
    active: boolean
  }[]
}

export interface FixtureCollection {
  network: string
  contractAddress: string
  name: string
  contractType: 'ERC721' | 'ERC1155'
  tokens: FixtureToken[]
  orders?: FixtureOrder[]
}

export interface FixtureToken {
  tokenId: string
  name: string
  description?: string
  image?: string
  externalUrl?: string
  decimals?: number
  attributes: { trait_type: string; value: string | number; display_type?: string }[]
  assets?: {
    metadataField: string
    url: string
    filename?: string
    filesize?: number
    mimeType?: string
    width?: number
    height?: number
  }[]
}

export interface FixtureOrder {
  orderId: string
  tokenId: string
  side: 'listing' | 'offer'
  status?: 'active' | 'inactive' | 'expired' | 'cancelled' | 'filled'
  marketplace: string
  createdBy: string
  currency: string
  pricePerToken: string
  quantity: string
  quantityRemaining?: string
  feeBreakdown?: { kind: string; recipientAddress: string; bps: number }[]
  validFrom?: string
  validUntil?: string
  createdAt?: string
  blockNumber?: number
}

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020
const ajv = new Ajv2020({ allErrors: true, strict: false })
addFormats(ajv)
const validateFixtures = ajv.compile<Fixtures>(schema)

/** Checks a fixtures document against its schema, then that it can be served (beside `known`, loaded before it). */
export function checkFixtures(value: unknown, source: string, known: readonly Fixtures[] = []): Fixtures {
  if (!validateFixtures(value)) {
    const problems = (validateFixtures.errors ?? []).slice(0, 10).map((e) => `${e.instancePath || '/'} ${e.message}`)
    throw new Error(`${source} does not match src/local/fixtures.schema.json:\n  ${problems.join('\n  ')}`)
  }
  const unservable = unservableFixtures(value, known)
  if (unservable.length > 0)
    throw new Error(`${source} cannot be served as it is:\n  ${unservable.slice(0, 10).join('\n  ')}`)
  return value
}

export function readFixturesFile(path: string, known: readonly Fixtures[] = []): Fixtures {
  let value: unknown
  try {
    value = JSON.parse(readFileSync(path, 'utf8'))
  } catch (error) {
    throw new Error(`cannot read FIXTURES file ${path}: ${(error as Error).message}`)
  }
  return checkFixtures(value, path, known)
}
