// web3-market-contract/local under import: src/local/index.ts, a missing optional peer reported in one line.
import { loadWithPeers } from './peer-dependencies.js'

const local = await loadWithPeers('web3-market-contract/local', () => import('../local/index.js'))
export const { startLocalServer } = local
