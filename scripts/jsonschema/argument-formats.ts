/**
 * RIDL method arguments carry no field meta, so the formats of request arguments live here, keyed by
 * argument name. They apply only where the argument is a `string` (projectId is a number in Builder
 * and Relayer but text in Indexer, where it is a decimal string).
 */
export const argumentFormats: Readonly<Record<string, string>> = {
  contractAddress: 'address', // every service: a contract address
  collectionAddress: 'address', // GenerateBuyTransaction
  buyer: 'address', // GenerateBuyTransaction: the buyer's wallet
  tokenId: 'decimal', // GetHighestPriceListingForCollectible: uint256 as text
  chainId: 'decimal', // TokenCollectionFilters: "numeric chain identifier as text" (SPEC §4)
  projectId: 'decimal', // RemoveWebhookListener: "the project id as text"
  url: 'uri', // AddWebhookListener: where deliveries are POSTed
}
