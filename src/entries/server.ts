// web3-market-contract/server under import: src/server/index.ts, a missing optional peer reported in one line.
import { loadWithPeers } from './peer-dependencies.js'

// The room's types, beside the values below: the values come from the module loaded at run time.
export type * from '../server/index.js'

// The host loads jose only when it first verifies a secret key; loading it here reports a missing one at import.
const server = await loadWithPeers('./server', async () => {
  await import('jose')
  return import('../server/index.js')
})
export const {
  authenticate,
  createHost,
  DEFAULT_BODY_LIMIT,
  DEFAULT_TIMEOUT_MS,
  fetchHandler,
  jwtSecretKeyVerifier,
  listen,
  nodeListener,
  platformServices,
  projectClaim,
  resolveRoute,
  validationError,
} = server
