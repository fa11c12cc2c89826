import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { compilerInput } from '../../../../scripts/emit/jsonschema/compiler-input.js'
import { standaloneModuleOf } from '../../../../scripts/emit/jsonschema/validators.js'

describe('the schemas the validators are compiled from', () => {
  it('lose their annotations, never a property, an enum value or a constant that shares an annotation name', () => {
    const schema = {
      $id: 'https://example.invalid/Thing.json',
      title: 'Thing',
      description: 'A thing.',
      type: 'object',
      properties: {
        title: { description: 'The title.', type: 'string', examples: ['x'] },
        description: { type: 'string', enum: ['title', 'description'] },
        kind: { const: { title: 'kept' } },
      },
      $defs: { Part: { title: 'Part', anyOf: [{ description: 'one', type: 'string' }, { type: 'null' }] } },
    }
    expect(compilerInput(schema)).toEqual({
      $id: 'https://example.invalid/Thing.json',
      type: 'object',
      properties: {
        title: { type: 'string' },
        description: { type: 'string', enum: ['title', 'description'] },
        kind: { const: { title: 'kept' } },
      },
      $defs: { Part: { anyOf: [{ type: 'string' }, { type: 'null' }] } },
    })
  })

  it('refuse a keyword the generating ajv compiles without, naming where it is', () => {
    const schema = { type: 'object', properties: { page: { type: 'object', unevaluatedProperties: false } } }
    expect(() => compilerInput(schema)).toThrow('#/properties/page: unevaluatedProperties is not supported')
    expect(() => compilerInput({ $defs: { Tree: { $dynamicAnchor: 'node' } } })).toThrow('#/$defs/Tree: $dynamicAnchor')
  })

  it('are checked against their meta-schema', () => {
    expect(() =>
      standaloneModuleOf({ $id: 'https://example.invalid/Bad.json', type: 'string', minLength: -1 }, 'Bad', 'a test'),
    ).toThrow('schema is invalid: data/minLength must be >= 0')
  })

  it('make validators that allocate no dynamic scope and track no evaluated properties on a call', () => {
    const code = standaloneModuleOf(
      { $id: 'https://example.invalid/Tree.json', type: 'object', properties: { child: { $ref: '#' } } },
      'Tree',
      'a test schema',
    )
    expect(code).toMatch(/validate\d+\(data\.child/)
    expect(code).not.toMatch(/dynamicAnchors|evaluated/)
    for (const service of ['marketplace', 'indexer'])
      expect(readFileSync(`gen/validators/${service}.standalone.ts`, 'utf8')).not.toMatch(/dynamicAnchors|\.evaluated/)
  })
})
