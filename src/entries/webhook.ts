// web3-market-contract/webhook under import: the engine's entry (which reports a missing viem in one line) and the receiver's.
export * from './webhook-engine.js'
export * from './webhook-receiver.js'
