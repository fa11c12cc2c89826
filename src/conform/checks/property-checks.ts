import fc from 'fast-check'
import { arbitraryOf } from '../arbitrary.js'
import type { Check, CheckContext } from '../check.js'
import { undoSideEffect } from '../cleanup.js'
import type { Operation } from '../contract.js'
import { expectContractAnswer, expectDocumentedError } from '../judge.js'
import { requestSchemaOf } from '../request-schemas.js'
import { callOperation, neverForValidRequests } from './operation-checks.js'

/** Ways to break a valid request: each gives a body the request schema refuses, or undefined when it cannot. */
const breakages: Record<
  string,
  (valid: Record<string, unknown>, schema: Record<string, any>, pick: number) => unknown
> = {
  'a field of the wrong JSON type': (valid, _schema, pick) => {
    const keys = Object.keys(valid)
    if (keys.length === 0) return undefined
    const key = keys[pick % keys.length]!
    const value = valid[key]
    return { ...valid, [key]: typeof value === 'string' ? 12345 : typeof value === 'number' ? 'a string' : true }
  },
  'a required field missing': (valid, schema, pick) => {
    const required = (schema.required ?? []) as string[]
    if (required.length === 0) return undefined
    const { [required[pick % required.length]!]: _dropped, ...rest } = valid
    return rest
  },
  'a field the schema has not': (valid) => ({ ...valid, conformUnknownField: 'x' }),
  'not an object': () => 'a string',
}

function samples<T>(context: CheckContext, arbitrary: fc.Arbitrary<T>, salt: number): T[] {
  return fc.sample(arbitrary, { numRuns: context.runs, seed: context.seed + salt })
}

/**
 * Seeded property-based requests from the operation's request schema (gen/schemas/bundles): valid ones
 * must get a contract answer and never a refusal of their form; broken ones (wrong type, a required
 * field missing, an unknown field, not an object) must get WebrpcBadRequest or InvalidArgument.
 */
export function propertyChecks(operation: Operation, salt: number): Check[] {
  const skipWithoutSecret = (context: CheckContext) =>
    operation.needsSecretKey && !context.target.secretKey ? { skipped: 'needs --secret-key' } : undefined
  const validRequests = (context: CheckContext) => {
    const { node, resolver } = requestSchemaOf(operation.service, operation.method)
    return {
      schema: node.schema,
      values: samples(context, arbitraryOf(node, resolver), salt) as Record<string, unknown>[],
    }
  }
  return [
    {
      id: 'property.valid-requests',
      service: operation.service,
      operation: operation.key,
      title: 'seeded requests its request schema accepts get a 200 within the response schema or a documented error',
      async run(context) {
        const skip = skipWithoutSecret(context)
        if (skip) return skip
        for (const body of validRequests(context).values) {
          const answer = await callOperation(context, operation, { body })
          await undoSideEffect(context, operation, answer)
          expectContractAnswer(
            answer,
            operation,
            `${operation.key} with ${JSON.stringify(body)}`,
            neverForValidRequests,
          )
        }
      },
    },
    {
      id: 'property.invalid-requests',
      service: operation.service,
      operation: operation.key,
      title: 'seeded requests its request schema refuses → WebrpcBadRequest or InvalidArgument',
      async run(context) {
        const skip = skipWithoutSecret(context)
        if (skip) return skip
        const { schema, values } = validRequests(context)
        for (const [i, valid] of values.entries())
          for (const [how, breakIt] of Object.entries(breakages)) {
            const body = breakIt(valid, schema, i)
            if (body === undefined) continue
            const answer = await callOperation(context, operation, { body })
            expectDocumentedError(answer, `${operation.key} with ${how}: ${JSON.stringify(body)}`, [
              'WebrpcBadRequest',
              'InvalidArgument',
            ])
          }
      },
    },
  ]
}
