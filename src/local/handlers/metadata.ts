import { Problem } from '../../problem.js'
import type { MetadataService } from '../../../gen/metadata.gen.js'
import type { CallContext } from '../../server/host.js'
import type { Sql } from '../../store/sql.js'
import { isDecimal } from '../../decimal.js'
import { address } from './arguments.js'
import { collectionId } from './marketplace-queries.js'
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

export function metadataHandlers(sql: Sql): MetadataService<CallContext> {
  return {
    async TokenCollectionFilters({ chainId, contractAddress }) {
      const id = await collectionId(sql, chainIdOf(chainId), address(contractAddress, 'contractAddress'))
      if (id === undefined) throw new Problem('not-found', `no collection ${contractAddress} on chain ${chainId}`)
      const { rows } = await sql.query<{ attributes: { trait_type?: unknown; value?: unknown }[] | null }>(
        `select metadata -> 'attributes' as attributes from tokens where collection_id = $1`,
        [id],
      )
      return { filters: propertyFilters(rows.map((r) => (Array.isArray(r.attributes) ? r.attributes : []))) }
    },
  }
}
