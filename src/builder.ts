/** The builder client alone, for apps that use only this service: `new Builder({ ... })`. */
export * from '../gen/builder.gen.js'
