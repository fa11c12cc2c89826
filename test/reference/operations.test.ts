import { operationTests } from './operation-cases.js'

operationTests()
