// web3-market-contract/msw under import: src/msw/index.ts, a missing optional peer reported in one line.
import { loadWithPeers } from './peer-dependencies.js'

// The room's types, beside the values below: the values come from the module loaded at run time.
export type * from '../msw/index.js'

const mocks = await loadWithPeers('./msw', () => import('../msw/index.js'))
export const {
  contractHandlers,
  mockBuilder,
  mockIndexer,
  mockJwtSecret,
  mockMarketplace,
  mockMetadata,
  mockRelayer,
  mockSecretKey,
  signedDelivery,
} = mocks
