import { readFileSync } from 'node:fs'
import type { Fixtures } from '../../gen/fixtures.gen.js'
import { checkFixtures } from './fixture-validation.js'

/** The shapes of src/local/fixtures.schema.json, generated from it (scripts/emit/fixture-types.ts). */
export type { FixtureAsset, FixtureCollection, FixtureOrder, Fixtures, FixtureToken } from '../../gen/fixtures.gen.js'
export { checkFixtures } from './fixture-validation.js'

export function readFixturesFile(path: string, known: readonly Fixtures[] = []): Fixtures {
  let value: unknown
  try {
    value = JSON.parse(readFileSync(path, 'utf8'))
  } catch (error) {
    throw new Error(`cannot read FIXTURES file ${path}: ${(error as Error).message}`)
  }
  return checkFixtures(value, path, known)
}
