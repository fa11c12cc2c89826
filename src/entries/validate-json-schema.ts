export * from '../validate/json-schema/index.js'
