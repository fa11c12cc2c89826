import { Problem } from '../../values/problem.js'
import type { MetadataService } from '../../../gen/metadata.gen.js'
import type { CallContext } from '../../server/host.js'
import type { Catalog } from '../catalog/catalog.js'
import { isDecimal } from '../../values/decimal.js'
import { address } from './arguments.js'
import { propertyFilters } from './property-filters.js'

/** A chain id in decimal: a decimal string (the wire format) from 1 to 2^53 - 1. */
function chainIdOf(value: string): number {
  const chainId = isDecimal(value) ? BigInt(value) : 0n
  if (chainId < 1n || chainId > BigInt(Number.MAX_SAFE_INTEGER))
    throw new Problem(
      'invalid-argument',
      `chainId must be a chain id in decimal, got ${JSON.stringify(value.slice(0, 40))}`,
    )
  return Number(chainId)
}

export function metadataHandlers(catalog: Catalog): MetadataService<CallContext> {
  return {
    async TokenCollectionFilters({ chainId, contractAddress }) {
      const id = await catalog.collectionId(chainIdOf(chainId), address(contractAddress, 'contractAddress'))
      if (id === undefined) throw new Problem('not-found', `no collection ${contractAddress} on chain ${chainId}`)
      return { filters: propertyFilters(await catalog.tokenAttributes(id)) }
    },
  }
}
