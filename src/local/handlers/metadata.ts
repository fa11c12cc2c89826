import { InvalidArgumentError, NotFoundError } from '../../../gen/errors.gen.js'
import type { MetadataService } from '../../../gen/metadata.gen.js'
import type { CallContext } from '../../server/host.js'
import type { Sql } from '../../store/sql.js'
import { address } from './arguments.js'
import { collectionId } from './marketplace-queries.js'
import { propertyFilters } from './property-filters.js'

export function metadataHandlers(sql: Sql): MetadataService<CallContext> {
  return {
    async TokenCollectionFilters({ chainId, contractAddress }) {
      if (!/^[1-9][0-9]{0,15}$/.test(chainId))
        throw new InvalidArgumentError({
          cause: `chainId must be a chain id in decimal, got ${JSON.stringify(chainId.slice(0, 40))}`,
        })
      const id = await collectionId(sql, Number(chainId), address(contractAddress, 'contractAddress'))
      if (id === undefined) throw new NotFoundError({ cause: `no collection ${contractAddress} on chain ${chainId}` })
      const { rows } = await sql.query<{ attributes: { trait_type?: unknown; value?: unknown }[] | null }>(
        `select metadata -> 'attributes' as attributes from tokens where collection_id = $1`,
        [id],
      )
      return { filters: propertyFilters(rows.map((r) => (Array.isArray(r.attributes) ? r.attributes : []))) }
    },
  }
}
