import type { Validator } from '../../../gen/validators/validator.js'
import { toIssues } from '../issues.js'
import { pointerToPath } from './issue-path.js'
import type { StandardSchemaV1 } from './spec.js'

/** The `vendor` of every Standard Schema of the package. */
export const standardSchemaVendor = 'web3-market-contract'

declare module '../../../gen/validators/validator.js' {
  /** Loaded through `web3-market-contract/validate`, each generated validator is also a Standard Schema. */
  interface Validator<T> extends StandardSchemaV1<unknown, T> {}
}

type GeneratedValidator = (value: unknown) => boolean

/** Standard Schema's `validate` of a generated validator: the value, or the same issues `validate*` report. */
function standardProps<T>(validator: Validator<T>): StandardSchemaV1.Props<unknown, T> {
  return {
    version: 1,
    vendor: standardSchemaVendor,
    validate: (value) =>
      validator(value)
        ? { value }
        : {
            issues: toIssues(validator.errors).map((issue) => ({
              message: issue.message,
              path: pointerToPath(issue.path, value),
            })),
          },
  }
}

/** Gives a generated validator its `~standard` property (once; not enumerable, like the validator's own). */
export function addStandardSchema(validator: GeneratedValidator): void {
  if (Object.hasOwn(validator, '~standard')) return
  Object.defineProperty(validator, '~standard', { value: standardProps(validator as Validator<unknown>) })
}
