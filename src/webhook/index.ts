// web3-market-contract/webhook: the delivery engine (`/webhook/engine`) and the receiver (`/webhook/receiver`) in one import.
export * from './engine/index.js'
export * from './receiver/index.js'
