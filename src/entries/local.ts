// web3-market-contract/local under import: src/local/index.ts, a missing optional peer reported in one line.
import { loadWithPeers } from './peer-dependencies.js'

// The room's types, beside the values below: the values come from the module loaded at run time.
export type * from '../local/index.js'

const local = await loadWithPeers('./local', () => import('../local/index.js'))
export const { startLocalServer } = local
