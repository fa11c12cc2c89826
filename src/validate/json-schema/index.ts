/**
 * The contract's validators with the JSON Schema each checks, as Standard JSON Schema describes: for tools that
 * turn a validator into documentation or a form (OpenAPI generators, form builders). An entry of its own, as it
 * carries every schema: `web3-market-contract/validate` alone validates without them.
 */
import { validatorSchemas } from '../../../gen/validators/json-schemas.js'
import type { Validator } from '../../../gen/validators/validator.js'
import * as validators from '../index.js'
import type { StandardJSONSchemaV1, StandardSchemaV1 } from '../standard-schema/spec.js'
import { schemaForTarget } from './targets.js'

export { jsonSchemaTargets } from './targets.js'

/** A validator's Standard Schema with its JSON Schema: `validate` and `jsonSchema` under one `~standard`. */
export type StandardValidatorWithJsonSchema<T> = StandardSchemaV1<unknown, T> & StandardJSONSchemaV1<unknown, T>

let names: Map<unknown, string> | undefined
const nameOf = (validator: unknown): string | undefined => {
  names ??= new Map(Object.entries(validators).map(([name, exported]) => [exported, name]))
  return names.get(validator)
}

/**
 * `validator` (an `is<Type>` of `web3-market-contract/validate`) as a Standard Schema that also hands out its
 * JSON Schema, in draft 2020-12 or draft-07 (`jsonSchema.input({ target })`; input and output are one schema,
 * as validating changes nothing). Throws a TypeError for a function that is not one of the package's validators.
 */
export function withJsonSchema<T>(validator: Validator<T>): StandardValidatorWithJsonSchema<T> {
  const name = nameOf(validator)
  const schema = name === undefined ? undefined : validatorSchemas[name]
  if (!schema) throw new TypeError('withJsonSchema takes an is<Type> validator of web3-market-contract/validate')
  const convert = (options: StandardJSONSchemaV1.Options) => schemaForTarget(schema, options.target)
  return { '~standard': { ...validator['~standard'], jsonSchema: { input: convert, output: convert } } }
}
