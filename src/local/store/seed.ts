import { canonicalAddress } from '../../values/address.js'
import type { Sql } from '../../store/sql.js'
import type { FixtureCollection, Fixtures } from '../../reference/fixtures/fixtures.js'
import type { NetworkTable } from '../../reference/networks.js'
import {
  assetDocument,
  audienceDocument,
  chainOf,
  collectionKey,
  contactDocument,
  contractDocument,
  gasSponsorDocument,
  tokenDocument,
  tokenOutsideCollection,
  unknownCurrency,
} from '../../reference/catalog/documents.js'
import { orderDocument, type CurrencyInfo } from '../../reference/catalog/order-document.js'

async function loadCollection(sql: Sql, networks: NetworkTable, collection: FixtureCollection): Promise<void> {
  const { chainId, address } = collectionKey(networks, collection)
  const { rows } = await sql.query<{ id: string }>(
    `insert into collections (chain_id, contract_address, name, contract_type) values ($1, $2, $3, $4)
     on conflict (chain_id, contract_address) do update set name = excluded.name, contract_type = excluded.contract_type
     returning id`,
    [chainId, address, collection.name, collection.contractType],
  )
  const collectionId = Number(rows[0]!.id)
  const decimalsOf = new Map<string, number>()
  for (const token of collection.tokens) {
    decimalsOf.set(token.tokenId, token.decimals ?? 0)
    await sql.query(
      `insert into tokens (collection_id, token_id, metadata) values ($1, $2, $3)
       on conflict (collection_id, token_id) do update set metadata = excluded.metadata`,
      [collectionId, token.tokenId, JSON.stringify(tokenDocument(token))],
    )
    for (const asset of token.assets ?? []) {
      await sql.query(
        `insert into assets (collection_id, token_id, metadata_field, doc) values ($1, $2, $3, $4)
         on conflict (collection_id, token_id, metadata_field) do update set doc = excluded.doc`,
        [collectionId, token.tokenId, asset.metadataField, JSON.stringify(assetDocument(asset))],
      )
    }
  }
  for (const order of collection.orders ?? []) {
    const currency = await sql.query<{ decimals: number; usd_price: number }>(
      'select decimals, usd_price from currencies where chain_id = $1 and address = $2',
      [chainId, canonicalAddress(order.currency, 'order.currency')],
    )
    const found = currency.rows[0]
    if (!found) throw unknownCurrency(order.orderId, order.currency, collection.network)
    if (!decimalsOf.has(order.tokenId)) throw tokenOutsideCollection(order.orderId, order.tokenId)
    const info: CurrencyInfo = { decimals: found.decimals, usdPrice: found.usd_price }
    const doc = orderDocument(order, chainId, address, info, decimalsOf.get(order.tokenId)!)
    await sql.query(
      `insert into orders (collection_id, chain_id, order_id, marketplace, side, status, token_id, created_by, currency,
         price_per_token, price_usd, quantity_remaining, valid_until, created_at, doc)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
       on conflict (chain_id, marketplace, order_id) do update set collection_id = excluded.collection_id,
         side = excluded.side, status = excluded.status, token_id = excluded.token_id, created_by = excluded.created_by,
         currency = excluded.currency, price_per_token = excluded.price_per_token, price_usd = excluded.price_usd,
         quantity_remaining = excluded.quantity_remaining, valid_until = excluded.valid_until,
         created_at = excluded.created_at, doc = excluded.doc`,
      [
        collectionId,
        chainId,
        doc.orderId,
        doc.marketplace,
        doc.side,
        doc.status,
        order.tokenId,
        doc.createdBy,
        doc.priceCurrencyAddress,
        doc.priceAmount,
        doc.priceUSD,
        doc.quantityRemaining,
        doc.validUntil,
        doc.createdAt,
        JSON.stringify(doc),
      ],
    )
  }
}

/** Upserts a fixtures document (sample data or the FIXTURES file) in one transaction. */
export async function loadFixtures(sql: Sql, networks: NetworkTable, fixtures: Fixtures): Promise<void> {
  await sql.transaction(async (tx) => {
    for (const project of fixtures.projects ?? []) {
      await tx.query(
        `insert into projects (id, name, access_key) values ($1, $2, $3)
         on conflict (id) do update set name = excluded.name, access_key = excluded.access_key`,
        [project.id, project.name, project.accessKey],
      )
    }
    for (const currency of fixtures.currencies ?? []) {
      await tx.query(
        `insert into currencies (chain_id, address, symbol, decimals, usd_price) values ($1, $2, $3, $4, $5)
         on conflict (chain_id, address) do update set symbol = excluded.symbol, decimals = excluded.decimals, usd_price = excluded.usd_price`,
        [
          chainOf(networks, currency.network, `currency ${currency.symbol}`),
          canonicalAddress(currency.address, 'currency.address'),
          currency.symbol,
          currency.decimals,
          currency.usdPrice,
        ],
      )
    }
    for (const collection of fixtures.collections ?? []) await loadCollection(tx, networks, collection)
    for (const audience of fixtures.audiences ?? []) {
      await tx.query(
        `insert into audiences (id, project_id, doc) values ($1, $2, $3)
         on conflict (id) do update set project_id = excluded.project_id, doc = excluded.doc`,
        [audience.id, audience.projectId, JSON.stringify(audienceDocument(audience))],
      )
      for (const contact of audience.contacts) {
        const { address, doc } = contactDocument(audience.id, contact)
        await tx.query(
          `insert into audience_contacts (audience_id, address, doc) values ($1, $2, $3)
           on conflict (audience_id, address) do update set doc = excluded.doc`,
          [audience.id, address, JSON.stringify(doc)],
        )
      }
    }
    for (const contract of fixtures.contracts ?? []) {
      const doc = contractDocument(networks, contract)
      await tx.query(
        `insert into contracts (id, project_id, audience_id, doc) values ($1, $2, $3, $4)
         on conflict (id) do update set project_id = excluded.project_id, audience_id = excluded.audience_id, doc = excluded.doc`,
        [contract.id, contract.projectId, contract.audienceId ?? null, JSON.stringify(doc)],
      )
    }
    for (const sponsor of fixtures.gasSponsors ?? []) {
      const { chainId, doc } = gasSponsorDocument(networks, sponsor)
      await tx.query(
        `insert into gas_sponsors (id, project_id, chain_id, doc) values ($1, $2, $3, $4)
         on conflict (id) do update set project_id = excluded.project_id, chain_id = excluded.chain_id, doc = excluded.doc`,
        [sponsor.id, sponsor.projectId, chainId, JSON.stringify(doc)],
      )
    }
  })
}
