import type { Audience, AudienceContact, Contract } from '../../../gen/builder.gen.js'
import type { CollectibleMetadata } from '../../../gen/marketplace.gen.js'
import type { GasSponsor } from '../../../gen/relayer.gen.js'
import { parseProjectId } from '../../values/project-id.js'
import type { Sql } from '../../store/sql.js'
import type { Attribute, Catalog, StoredOrder } from './catalog.js'

interface OrderRow {
  id: string
  collection_id: string
  doc: Omit<StoredOrder, 'id' | 'collectionId'>
}

const orderColumns = 'o.id, o.collection_id, o.doc'
const toStored = (row: OrderRow): StoredOrder => ({
  ...row.doc,
  id: Number(row.id),
  collectionId: Number(row.collection_id),
})

/** The catalog in the SQL store (a data dir or PostgreSQL), loaded by store/seed.ts. */
export function sqlCatalog(sql: Sql): Catalog {
  return {
    async projects() {
      const { rows } = await sql.query<{ id: string; access_key: string }>('select id, access_key from projects')
      return rows.map((p) => ({ id: parseProjectId(p.id, 'projects.id'), accessKey: p.access_key }))
    },
    async hasProject(id) {
      const { rows } = await sql.query('select 1 from projects where id = $1', [id])
      return rows.length > 0
    },
    async collectionId(chainId, contractAddress) {
      const { rows } = await sql.query<{ id: string }>(
        'select id from collections where chain_id = $1 and contract_address = $2',
        [chainId, contractAddress],
      )
      return rows[0] ? Number(rows[0].id) : undefined
    },
    async countTokens(id) {
      const { rows } = await sql.query<{ count: string }>(
        'select count(*) as count from tokens where collection_id = $1',
        [id],
      )
      return Number(rows[0]!.count)
    },
    async tokenMetadata(collection, tokenId) {
      const token = await sql.query<{ metadata: CollectibleMetadata }>(
        'select metadata from tokens where collection_id = $1 and token_id = $2',
        [collection, tokenId],
      )
      const metadata = token.rows[0]?.metadata
      if (!metadata) return undefined
      const assets = await sql.query<{ id: string; doc: Record<string, unknown> }>(
        'select id, doc from assets where collection_id = $1 and token_id = $2 order by id',
        [collection, tokenId],
      )
      type Asset = NonNullable<CollectibleMetadata['assets']>[number]
      return {
        ...metadata,
        assets: assets.rows.map((a) => ({ ...a.doc, id: Number(a.id), collectionId: collection, tokenId }) as Asset),
      }
    },
    async tokenAttributes(id) {
      const { rows } = await sql.query<{ attributes: Attribute[] | null }>(
        `select metadata -> 'attributes' as attributes from tokens where collection_id = $1`,
        [id],
      )
      return rows.map((r) => (Array.isArray(r.attributes) ? r.attributes : []))
    },
    async collectionOrders(id, side) {
      const { rows } = await sql.query<OrderRow>(
        `select ${orderColumns} from orders o where o.collection_id = $1 and o.side = $2 order by o.id`,
        [id, side],
      )
      return rows.map(toStored)
    },
    async chainOrders(chainId, wanted) {
      const { rows } = await sql.query<OrderRow>(
        `select ${orderColumns} from orders o join collections c on c.id = o.collection_id
         where o.chain_id = $1 and exists (
           select 1 from unnest($2::text[], $3::text[]) as wanted(contract, order_id)
           where wanted.contract = c.contract_address and wanted.order_id = o.order_id)
         order by o.id`,
        [chainId, wanted.map((w) => w.contractAddress), wanted.map((w) => w.orderId)],
      )
      return rows.map(toStored)
    },
    async audience(projectId, audienceId) {
      const { rows } = await sql.query<{ doc: Audience }>(
        'select doc from audiences where id = $1 and project_id = $2',
        [audienceId, projectId],
      )
      return rows[0]?.doc
    },
    async audienceMembers(projectId, audienceId) {
      const contacts = await sql.query<{ id: string; doc: AudienceContact }>(
        'select id, doc from audience_contacts where audience_id = $1 order by id',
        [audienceId],
      )
      const contracts = await sql.query<{ doc: Contract }>(
        'select doc from contracts where project_id = $1 and audience_id = $2 order by id',
        [projectId, audienceId],
      )
      return {
        contacts: contacts.rows.map((c) => ({ ...c.doc, id: Number(c.id) })),
        contracts: contracts.rows.map((c) => c.doc),
      }
    },
    async gasSponsors(projectId, chainId) {
      const { rows } = await sql.query<{ doc: GasSponsor }>(
        'select doc from gas_sponsors where project_id = $1 and chain_id = $2 order by id',
        [projectId, chainId],
      )
      return rows.map((r) => r.doc)
    },
  }
}
