/**
 * `web3-market-contract/msw`: MSW handlers of the five services for test authors (msw/node and msw/browser),
 * answering as the local contract server does, typed per-operation overrides, and signed webhook deliveries.
 */
export { contractHandlers, type ContractHandlers, type ContractHandlersOptions } from './contract-handlers.js'
export { mockJwtSecret, mockSecretKey, type MockOptions } from './mock-options.js'
export {
  mockBuilder,
  mockIndexer,
  mockMarketplace,
  mockMetadata,
  mockRelayer,
  type MockCall,
  type MockResolver,
  type ServiceMock,
} from './overrides.js'
export type { Caller } from '../server/auth.js'
export type { Fixtures } from '../reference/fixtures/fixtures.js'
export { signedDelivery, type SignedDelivery, type SignedDeliveryOptions, type SourceLog } from './delivery.js'
