// web3-market-contract/local: the local contract server, for test authors (start it from a test setup).
export { startLocalServer, type LocalServer, type LocalServerOptions } from './server.js'
export type { Fixtures } from '../reference/fixtures/fixtures.js'
