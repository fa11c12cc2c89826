// web3-market-contract/msw under import: src/msw/index.ts, a missing optional peer reported in one line.
import { loadWithPeers } from './peer-dependencies.js'

const mocks = await loadWithPeers('web3-market-contract/msw', () => import('../msw/index.js'))
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
