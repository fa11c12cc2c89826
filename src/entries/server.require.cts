// web3-market-contract/server under require() (Node 20.19+ loads the ES module synchronously), a missing optional peer reported in one line.
import peers = require('./peer-dependencies.js')

// The host loads jose only when it first verifies a secret key; requiring it here reports a missing one at once.
export = peers.requireWithPeers('./server', () => {
  require('jose')
  return require('../server/index.js') as typeof import('../server/index.js')
})
