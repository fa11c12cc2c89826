export * from '../validate/index.js'
