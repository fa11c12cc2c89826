import { docSummary, methodDocumentation } from '../documentation.js'
import type { IRMethod } from '../../pipeline/ir.js'

/** An operation's `summary` (the first sentence of the method's doc comment) and `description` (all of it, with the key it needs and the errors it may answer). */
export const operationDocs = (method: IRMethod): { summary: string; description: string } => ({
  summary: docSummary(method) ?? method.name,
  description: methodDocumentation(method),
})
