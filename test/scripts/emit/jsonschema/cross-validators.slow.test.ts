import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import { goBinary } from '../../../support/go-binary.js'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { repoRoot } from '../../../../scripts/pipeline/paths.js'
import { arbitraryOf } from '../../../../src/conform/arbitrary.js'
import { venvPython } from '../../../support/python-venv.js'
import { SchemaResolver } from './support/schema-resolver.js'
import { plainAjv } from './support/runtime-ajv.js'
import { isSchemaResource, schemaFiles } from './support/schema-files.js'

/**
 * Other teams load our schema files with their own validators: all files at once, in one registry, and
 * validate by `$id`. Three real ones do it here: Ajv 2020 (JavaScript), python-jsonschema with one
 * `referencing.Registry` (pinned in test/support/python/requirements.txt), santhosh-tekuri/jsonschema v6 (Go, pinned in
 * test/scripts/emit/jsonschema/cross/go.mod). Each gets valid values of every type, request and response (generated
 * from the schema) and an invalid one (a value of the wrong JSON type), and must agree on every verdict.
 */
const files = schemaFiles()
const resolver = new SchemaResolver(files)
const crossDir = join(repoRoot, 'test', 'scripts', 'emit', 'jsonschema', 'cross')

interface Case {
  id: string
  value: unknown
  valid: boolean
}

const cases: Case[] = [...files]
  .filter(([path]) => isSchemaResource(path))
  .flatMap(([, schema]): Case[] => {
    const located = resolver.resource(schema.$id)
    const valid = fc.sample(arbitraryOf(located, resolver), { numRuns: 3, seed: 20261123 })
    const wrongType = schema.type === 'object' ? 'not an object' : { notA: 'string' }
    return [
      ...valid.map((value) => ({ id: schema.$id, value, valid: true })),
      { id: schema.$id, value: wrongType, valid: false },
    ]
  })
const input = JSON.stringify({ schemas: [...files.values()], cases: cases.map(({ id, value }) => ({ id, value })) })
const expected = cases.map((c) => c.valid)

const verdictsOf = (command: string, args: string[]) =>
  JSON.parse(execFileSync(command, args, { cwd: crossDir, input, encoding: 'utf8', maxBuffer: 64 << 20 })) as boolean[]

/** The cases a validator judged otherwise than expected, for a readable failure. */
const disagreements = (verdicts: boolean[]) =>
  cases.flatMap((c, i) => (verdicts[i] === c.valid ? [] : [`${c.id} ${JSON.stringify(c.value)}: ${verdicts[i]}`]))

describe(`all ${files.size} schema files in one registry, ${cases.length} cases`, () => {
  it('Ajv 2020 (strict mode, ajv-formats)', () => {
    const ajv = plainAjv()
    for (const schema of files.values()) ajv.addSchema(schema)
    expect(disagreements(cases.map((c) => ajv.getSchema(c.id)!(c.value) === true))).toEqual([])
  })

  it('python-jsonschema with one referencing.Registry (pinned, from PyPI with hashes, in a venv of its own)', () => {
    expect(disagreements(verdictsOf(venvPython(), ['check.py']))).toEqual([])
  }, 300_000)

  it('Go santhosh-tekuri/jsonschema v6', () => {
    expect(disagreements(verdictsOf(goBinary(crossDir, 'jsonschema-cross'), []))).toEqual([])
  }, 120_000)

  it('the cases can fail: every validator refuses each invalid value', () => {
    expect(expected.filter((valid) => !valid).length).toBe(
      files.size - [...files.keys()].filter((p) => !isSchemaResource(p)).length,
    )
  })
})
