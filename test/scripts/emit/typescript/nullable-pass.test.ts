import { Project } from 'ts-morph'
import { describe, expect, it } from 'vitest'
import type { WebrpcIR } from '../../../../scripts/pipeline/ir.js'
import { nullablePass } from '../../../../scripts/emit/typescript/nullable.js'
import type { PassContext } from '../../../../scripts/emit/typescript/pass.js'

const ir: WebrpcIR = {
  webrpc: 'v1',
  name: 'm',
  version: 'v0.0.1',
  errors: [],
  services: [],
  types: [
    {
      kind: 'struct',
      name: 'PropertyFilter',
      fields: [
        { name: 'name', type: 'string' },
        { name: 'min', type: 'float64', optional: true, meta: [{ 'jsonschema.format': 'nullable-number' }] },
        { name: 'max', type: 'float64', optional: true, meta: [{ 'jsonschema.format': 'nullable-number' }] },
      ],
    },
  ],
}

function run(source: string): string {
  const file = new Project({ useInMemoryFileSystem: true }).createSourceFile('m.gen.ts', source)
  const context: PassContext = { stem: 'm', ir, runtimeDir: '../src/runtime' }
  nullablePass.apply(file, context)
  return file.getFullText()
}

describe('nullable pass', () => {
  it.each([
    [
      'optional numbers become number | null',
      'export interface PropertyFilter {\n  name: string\n  min?: number\n  max?: number\n}\n',
      'export interface PropertyFilter {\n  name: string\n  min?: number | null\n  max?: number | null\n}\n',
    ],
    [
      'already nullable: unchanged (idempotent)',
      'export interface PropertyFilter {\n  name: string\n  min?: number | null\n  max?: number | null\n}\n',
      'export interface PropertyFilter {\n  name: string\n  min?: number | null\n  max?: number | null\n}\n',
    ],
  ])('%s', (_name, given, expected) => {
    expect(run(given)).toBe(expected)
  })

  it('fails, naming itself, when the interface lost the field', () => {
    expect(() => run('export interface PropertyFilter {\n  name: string\n  min?: number\n}\n')).toThrowError(
      /pass "nullable".*max/,
    )
  })
})
