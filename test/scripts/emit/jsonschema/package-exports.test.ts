import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { repoRoot } from '../../../../scripts/pipeline/paths.js'
import { order } from './support/fixtures.js'

const runNewcomer = (value: unknown) =>
  JSON.parse(
    execFileSync(
      process.execPath,
      [join(repoRoot, 'test', 'scripts', 'emit', 'jsonschema', 'support', 'newcomer.mjs'), JSON.stringify(value)],
      {
        cwd: repoRoot,
        encoding: 'utf8',
      },
    ),
  )

describe('<pkg>/schemas/*', () => {
  it('a plain Node script imports Order.json and index.json through the package exports and validates with ajv', () => {
    expect(runNewcomer(order)).toEqual({ valid: true, errors: [], orderFile: 'marketplace/Order.json' })
    expect(runNewcomer({ ...order, createdBy: 'alice' })).toEqual({
      valid: false,
      errors: ['/createdBy pattern'],
      orderFile: 'marketplace/Order.json',
    })
  })
})
