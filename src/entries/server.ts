// web3-market-contract/server under import: src/server/index.ts, a missing optional peer reported in one line.
import { loadWithPeers } from '../peer-dependencies.js'

const server = await loadWithPeers('web3-market-contract/server', () => import('../server/index.js'))
export const {
  authenticate,
  createHost,
  defaultBodyLimit,
  defaultTimeoutMs,
  fetchHandler,
  jwtSecretKeyVerifier,
  listen,
  nodeListener,
  platformServices,
  projectClaim,
  resolveRoute,
  validationError,
} = server
