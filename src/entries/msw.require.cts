// web3-market-contract/msw under require() (Node 20.19+ loads the ES module synchronously), a missing optional peer reported in one line.
import peers = require('./peer-dependencies.js')

export = peers.requireWithPeers('./msw', () => require('../msw/index.js') as typeof import('../msw/index.js'))
