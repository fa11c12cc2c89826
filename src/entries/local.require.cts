// web3-market-contract/local under require() (Node 20.19+ loads the ES module synchronously), a missing optional peer reported in one line.
import peers = require('./peer-dependencies.js')

export = peers.requireWithPeers('./local', () => require('../local/index.js') as typeof import('../local/index.js'))
