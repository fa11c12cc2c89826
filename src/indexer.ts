/** The indexer client alone, for apps that use only this service: `new Indexer({ ... })`. */
export * from '../gen/indexer.gen.js'
