import { readFileSync } from 'node:fs'
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormatsModule from 'ajv-formats'
import type { Fixtures } from '../../gen/fixtures.gen.js'
import { toIssues } from '../validate/issues.js'
import { describeIssues } from '../validation-result.js'
import { unservableFixtures } from './fixture-checks.js'
import schema from './fixtures.schema.json' with { type: 'json' }

/** The shapes of src/local/fixtures.schema.json, generated from it (scripts/fixture-types.ts). */
export type { FixtureCollection, FixtureOrder, Fixtures, FixtureToken } from '../../gen/fixtures.gen.js'

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020
const ajv = new Ajv2020({ allErrors: true, strict: false })
addFormats(ajv)
const validateFixtures = ajv.compile<Fixtures>(schema)

/** Checks a fixtures document against its schema, then that it can be served (beside `known`, loaded before it). */
export function checkFixtures(value: unknown, source: string, known: readonly Fixtures[] = []): Fixtures {
  if (!validateFixtures(value)) {
    const issues = describeIssues(toIssues(validateFixtures.errors))
    throw new Error(`${source} does not match src/local/fixtures.schema.json: ${issues}`)
  }
  const unservable = unservableFixtures(value, known)
  if (unservable.length > 0)
    throw new Error(`${source} cannot be served as it is:\n  ${unservable.slice(0, 10).join('\n  ')}`)
  return value
}

export function readFixturesFile(path: string, known: readonly Fixtures[] = []): Fixtures {
  let value: unknown
  try {
    value = JSON.parse(readFileSync(path, 'utf8'))
  } catch (error) {
    throw new Error(`cannot read FIXTURES file ${path}: ${(error as Error).message}`)
  }
  return checkFixtures(value, path, known)
}
