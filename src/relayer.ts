/** The relayer client alone, for apps that use only this service: `new Relayer({ ... })`. */
export * from '../gen/relayer.gen.js'
