import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormatsModule from 'ajv-formats'
import type { Fixtures } from '../../gen/fixtures.gen.js'
import { toIssues } from '../validate/issues.js'
import { describeIssues } from '../validation-result.js'
import { unservableFixtures } from './fixture-checks.js'
import schema from './fixtures.schema.json' with { type: 'json' }

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020
let validateFixtures: ReturnType<Ajv2020['compile']> | undefined

/** The fixtures schema compiled on first use: a mock or server given no fixtures never compiles it. */
function fixturesValidator() {
  if (!validateFixtures) {
    const ajv = new Ajv2020({ allErrors: true, strict: false })
    addFormats(ajv)
    validateFixtures = ajv.compile<Fixtures>(schema)
  }
  return validateFixtures
}

/** Checks a fixtures document against its schema, then that it can be served (beside `known`, loaded before it). */
export function checkFixtures(value: unknown, source: string, known: readonly Fixtures[] = []): Fixtures {
  const validate = fixturesValidator()
  if (!validate(value)) {
    const issues = describeIssues(toIssues(validate.errors))
    throw new Error(`${source} does not match src/local/fixtures.schema.json: ${issues}`)
  }
  const fixtures = value as Fixtures
  const unservable = unservableFixtures(fixtures, known)
  if (unservable.length > 0)
    throw new Error(`${source} cannot be served as it is:\n  ${unservable.slice(0, 10).join('\n  ')}`)
  return fixtures
}
