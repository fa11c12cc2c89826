// web3-market-contract/webhook/engine under require() (Node 20.19+ loads the ES module synchronously), a missing optional peer reported in one line.
import peers = require('./peer-dependencies.js')

export = peers.requireWithPeers(
  './webhook/engine',
  () => require('../webhook/engine/index.js') as typeof import('../webhook/engine/index.js'),
)
