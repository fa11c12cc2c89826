/**
 * The API contract's tables transcribed by hand: every field of every resource, operation and webhook
 * payload table with its wire type (docs/resources.md, docs/endpoints.md, docs/webhooks.md).
 * Wire types: string, number, bool, object, enum (a string on the wire), T[] for arrays, and a
 * type name for a nested object. The contract test compares this with the IR.
 */
export type WireFields = Record<string, string>

const order: WireFields = {
  id: 'number',
  collectionId: 'number',
  orderId: 'string',
  marketplace: 'enum',
  source: 'enum',
  side: 'enum',
  status: 'enum',
  chainId: 'number',
  originName: 'string',
  collectionContractAddress: 'string',
  createdBy: 'string',
  priceAmount: 'string',
  priceAmountFormatted: 'string',
  priceAmountNet: 'string',
  priceAmountNetFormatted: 'string',
  priceCurrencyAddress: 'string',
  priceDecimals: 'number',
  priceUSD: 'number',
  priceUSDFormatted: 'string',
  quantityInitial: 'string',
  quantityInitialFormatted: 'string',
  quantityRemaining: 'string',
  quantityRemainingFormatted: 'string',
  quantityAvailable: 'string',
  quantityAvailableFormatted: 'string',
  quantityDecimals: 'number',
  feeBps: 'number',
  feeBreakdown: 'FeeBreakdownEntry[]',
  validFrom: 'string',
  validUntil: 'string',
  blockNumber: 'number',
  createdAt: 'string',
  updatedAt: 'string',
  collectibleId: 'number',
  tokenId: 'string',
  orderCreatedAt: 'string',
  orderUpdatedAt: 'string',
  deletedAt: 'string',
}

/** The API contract's resource name → the RIDL type that carries it, and its fields. */
export const contractResources: Record<string, { ridl: string; fields: WireFields }> = {
  Order: { ridl: 'Order', fields: order },
  FeeBreakdownEntry: {
    ridl: 'FeeBreakdownEntry',
    fields: { kind: 'string', recipientAddress: 'string', bps: 'number' },
  },
  CollectibleMetadata: {
    ridl: 'CollectibleMetadata',
    fields: {
      tokenId: 'string',
      name: 'string',
      attributes: 'object[]',
      description: 'string',
      image: 'string',
      video: 'string',
      audio: 'string',
      properties: 'object',
      imageData: 'string',
      externalUrl: 'string',
      backgroundColor: 'string',
      animationUrl: 'string',
      decimals: 'number',
      updatedAt: 'string',
      assets: 'Asset[]',
    },
  },
  Asset: {
    ridl: 'Asset',
    fields: {
      id: 'number',
      collectionId: 'number',
      tokenId: 'string',
      metadataField: 'string',
      url: 'string',
      filename: 'string',
      filesize: 'number',
      mimeType: 'string',
      width: 'number',
      height: 'number',
      updatedAt: 'string',
    },
  },
  Collectible: {
    ridl: 'Collectible',
    fields: { metadata: 'CollectibleMetadata', order: 'Order', listing: 'Order', offer: 'Order' },
  },
  PropertyFilter: {
    ridl: 'PropertyFilter',
    fields: { name: 'string', type: 'enum', min: 'number', max: 'number', values: 'string[]' },
  },
  Page: {
    ridl: 'Page',
    fields: {
      pageSize: 'number',
      page: 'number',
      more: 'bool',
      totalRecords: 'number',
      column: 'string',
      before: 'object',
      after: 'object',
      sort: 'SortBy[]',
    },
  },
  SortBy: { ridl: 'SortBy', fields: { column: 'string', order: 'enum' } },
  OrderData: { ridl: 'OrderData', fields: { orderId: 'string', quantity: 'string', tokenId: 'string' } },
  AdditionalFee: { ridl: 'AdditionalFee', fields: { amount: 'string', receiver: 'string' } },
  Step: {
    ridl: 'Step',
    fields: {
      id: 'enum',
      data: 'string',
      to: 'string',
      value: 'string',
      price: 'string',
      signature: 'Step.signature',
      post: 'Step.post',
      executeType: 'enum',
    },
  },
  'Step.signature': {
    ridl: 'Signature',
    fields: { domain: 'Step.signature.domain', types: 'object', primaryType: 'string', value: 'object' },
  },
  'Step.signature.domain': {
    ridl: 'SignatureDomain',
    fields: { name: 'string', version: 'string', chainId: 'number', verifyingContract: 'string' },
  },
  'Step.post': { ridl: 'PostRequest', fields: { endpoint: 'string', method: 'string', body: 'object' } },
  Audience: {
    ridl: 'Audience',
    fields: {
      id: 'number',
      projectId: 'number',
      name: 'string',
      contactCount: 'number',
      createdAt: 'string',
      updatedAt: 'string',
      deletedAt: 'string',
    },
  },
  AudienceContact: {
    ridl: 'AudienceContact',
    fields: {
      id: 'number',
      audienceId: 'number',
      address: 'string',
      createdAt: 'string',
      updatedAt: 'string',
      name: 'string',
      email: 'string',
    },
  },
  Contract: {
    ridl: 'Contract',
    fields: {
      id: 'number',
      projectId: 'number',
      contractName: 'string',
      contractAddress: 'string',
      contractType: 'string',
      chainId: 'number',
      source: 'enum',
      createdAt: 'string',
      updatedAt: 'string',
      itemsContractAddress: 'string',
      abi: 'string',
      bytecode: 'string',
      bytecodeHash: 'string',
      audienceId: 'number',
    },
  },
  GasSponsor: {
    ridl: 'GasSponsor',
    fields: {
      id: 'number',
      gasTankId: 'number',
      projectId: 'number',
      chainId: 'number',
      address: 'string',
      name: 'string',
      active: 'bool',
      updatedAt: 'string',
      createdAt: 'string',
      deletedAt: 'string',
    },
  },
  'GetOrders input item': {
    ridl: 'GetOrdersInput',
    fields: { contractAddress: 'string', orderId: 'string', marketplace: 'enum' },
  },
  'GetHighestPriceListingForCollectible filter': {
    ridl: 'OrderFilter',
    fields: { createdBy: 'string[]', marketplace: 'enum[]', currencies: 'string[]' },
  },
  'AddWebhookListener filters': {
    ridl: 'WebhookFilters',
    // tokenIDs: the API contract types []int while its sample sends strings; RIDL carries `any` (integer or decimal string).
    fields: {
      contractAddresses: 'string[]',
      events: 'string[]',
      tokenIDs: 'any[]',
      accounts: 'string[]',
      topicHashes: 'string[]',
    },
  },
  'Delivery payload': {
    ridl: 'WebhookPayload',
    fields: {
      // blockNumber, txnIndex: the API contract's i32; parentBlockHash: its "i32 (as typed)" for a hash, carried as a string.
      uid: 'string',
      type: 'enum',
      blockNumber: 'number',
      blockHash: 'string',
      parentBlockHash: 'string',
      contractAddress: 'string',
      contractType: 'enum',
      txnHash: 'string',
      txnIndex: 'number',
      txnLogIndex: 'string',
      ts: 'string',
      event: 'event object',
      logDataType: 'enum',
      rawLog: 'rawLog object',
    },
  },
  'event object': {
    ridl: 'WebhookPayloadEvent',
    fields: { topicHash: 'string', eventSig: 'string', types: 'string[]', names: 'string[]', values: 'string[]' },
  },
  'rawLog object': { ridl: 'WebhookRawLog', fields: { data: 'string', topics: 'string[]' } },
}

export interface ContractOperation {
  service: string
  method: string
  request: WireFields
  /** Request fields the API contract marks required (only the webhook tables mark them). */
  required?: string[]
  response: WireFields
}

export const contractOperations: ContractOperation[] = [
  {
    service: 'Marketplace',
    method: 'GetCountOfAllCollectibles',
    request: { contractAddress: 'string' },
    response: { count: 'number' },
  },
  {
    service: 'Marketplace',
    method: 'GetFloorOrder',
    request: { contractAddress: 'string' },
    response: { collectible: 'Collectible' },
  },
  {
    service: 'Marketplace',
    method: 'GetOrders',
    request: { input: 'GetOrders input item[]' },
    response: { orders: 'Order[]', page: 'Page' },
  },
  {
    service: 'Marketplace',
    method: 'GetHighestPriceListingForCollectible',
    request: { contractAddress: 'string', tokenId: 'string', filter: 'GetHighestPriceListingForCollectible filter' },
    response: { order: 'Order' },
  },
  {
    service: 'Marketplace',
    method: 'GenerateBuyTransaction',
    request: {
      collectionAddress: 'string',
      buyer: 'string',
      marketplace: 'enum',
      ordersData: 'OrderData[]',
      additionalFees: 'AdditionalFee[]',
      walletType: 'enum',
    },
    response: { steps: 'Step[]' },
  },
  {
    service: 'Metadata',
    method: 'TokenCollectionFilters',
    request: { chainId: 'string', contractAddress: 'string' },
    response: { filters: 'PropertyFilter[]' },
  },
  {
    service: 'Builder',
    method: 'GetAudience',
    request: { projectId: 'number', audienceId: 'number' },
    response: { audience: 'Audience', contacts: 'AudienceContact[]', contracts: 'Contract[]' },
  },
  {
    service: 'Relayer',
    method: 'ListGasSponsors',
    request: { projectId: 'number', page: 'Page' },
    response: { page: 'Page', gasSponsors: 'GasSponsor[]' },
  },
  {
    service: 'Indexer',
    method: 'AddWebhookListener',
    request: { url: 'string', filters: 'AddWebhookListener filters' },
    required: ['url', 'filters'],
    response: { listener: 'object' },
  },
  {
    service: 'Indexer',
    method: 'RemoveWebhookListener',
    request: { id: 'string', projectId: 'string' },
    required: ['id', 'projectId'],
    response: {},
  },
]

/** Required sub-fields of the webhook filter (docs/endpoints.md AddWebhookListener table). */
export const requiredFilterFields = ['contractAddresses', 'events']

/** docs/errors.md, both tables. */
export const errorTableRows = [
  ['WebrpcEndpoint', 0, 'endpoint error', 400],
  ['WebrpcRequestFailed', -1, 'request failed', 400],
  ['WebrpcBadRoute', -2, 'bad route', 404],
  ['WebrpcBadMethod', -3, 'bad method', 405],
  ['WebrpcBadRequest', -4, 'bad request', 400],
  ['WebrpcClientDisconnected', -8, 'client disconnected', 400],
  ['WebrpcStreamLost', -9, 'stream lost', 400],
  ['Unauthorized', 1000, 'Unauthorized access', 401],
  ['PermissionDenied', 1001, 'Permission denied', 403],
  ['SessionExpired', 1002, 'Session expired', 403],
  ['MethodNotFound', 1003, 'Method not found', 404],
  ['Timeout', 2000, 'Request timed out', 408],
  ['InvalidArgument', 2001, 'Invalid argument', 400],
  ['NotFound', 3000, 'Resource not found', 400],
  ['UserNotFound', 3001, 'User not found', 400],
  ['ProjectNotFound', 3002, 'Project not found', 400],
  ['InvalidTier', 3003, 'Invalid subscription tier', 400],
  ['ProjectLimitReached', 3005, 'Project limit reached', 402],
  ['WebrpcBadResponse', -5, 'bad response', 500],
  ['WebrpcServerPanic', -6, 'server panic', 500],
  ['WebrpcInternalError', -7, 'internal error', 500],
  ['NotImplemented', 9999, 'Not Implemented', 500],
] as const
