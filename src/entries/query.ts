export * from '../query/index.js'
