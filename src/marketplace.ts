/** The marketplace client alone, for apps that use only this service: `new Marketplace({ ... })`. */
export * from '../gen/marketplace.gen.js'
