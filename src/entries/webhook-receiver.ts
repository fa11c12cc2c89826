export * from '../webhook/receiver/index.js'
