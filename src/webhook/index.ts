// web3-market-contract/webhook: the delivery engine (`/webhook/engine`) and the receiver (`/webhook/receiver`) in one import.
export * from '../webhook-engine.js'
export * from '../webhook-receiver.js'
