import type { Fixtures } from '../../gen/fixtures.gen.js'
import { isFixtures } from '../../gen/validators/fixtures.js'
import { toIssues } from '../validate/issues.js'
import { describeIssues } from '../validation-result.js'
import { unservableFixtures } from './fixture-checks.js'

/** Checks a fixtures document against its schema, then that it can be served (beside `known`, loaded before it). */
export function checkFixtures(value: unknown, source: string, known: readonly Fixtures[] = []): Fixtures {
  if (!isFixtures(value)) {
    const issues = describeIssues(toIssues(isFixtures.errors))
    throw new Error(`${source} does not match src/local/fixtures.schema.json: ${issues}`)
  }
  const unservable = unservableFixtures(value, known)
  if (unservable.length > 0)
    throw new Error(`${source} cannot be served as it is:\n  ${unservable.slice(0, 10).join('\n  ')}`)
  return value
}
