/** The metadata client alone, for apps that use only this service: `new Metadata({ ... })`. */
export * from '../gen/metadata.gen.js'
