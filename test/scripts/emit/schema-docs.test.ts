import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { docText, parseDoc } from '../../../scripts/emit/documentation.js'
import type { WebrpcIR } from '../../../scripts/pipeline/ir.js'
import { withEnumAndErrorComments } from '../../../scripts/emit/ridl-comments.js'
import { webrpcGenSync } from '../../../scripts/pipeline/webrpc-gen.js'
import { committedIRs } from '../../support/ir.js'

/** Every node of an IR that has no doc comment, and every argument or result of a method without its tag. */
function undocumented(ir: WebrpcIR): string[] {
  const missing: string[] = []
  const need = (node: Parameters<typeof docText>[0], what: string) => {
    if (!docText(node)) missing.push(what)
  }
  for (const type of ir.types) {
    need(type, `${type.kind} ${type.name}`)
    if (type.kind === 'struct') for (const field of type.fields) need(field, `field ${type.name}.${field.name}`)
  }
  for (const error of ir.errors) need(error, `error ${error.name}`)
  for (const service of ir.services) {
    need(service, `service ${service.name}`)
    for (const method of service.methods) {
      need(method, `method ${service.name}.${method.name}`)
      const { params, returns } = parseDoc(method)
      for (const [tags, args, tag] of [
        [params, method.inputs, '@param'],
        [returns, method.outputs, '@returns'],
      ] as const) {
        const names = new Set(args.map((arg) => arg.name))
        for (const arg of args)
          if (!tags.get(arg.name)) missing.push(`${tag} ${service.name}.${method.name}(${arg.name})`)
        for (const name of tags.keys())
          if (!names.has(name)) missing.push(`${tag} ${name} of ${service.name}.${method.name} names no argument`)
      }
    }
  }
  return missing
}

describe('every part of the schema is documented', () => {
  it.each([...committedIRs()])(
    '%s: every service, method, argument, result, type, field, enum and error has a doc comment',
    (_, ir) => {
      expect(undocumented(ir)).toEqual([])
    },
  )

  const dir = mkdtempSync(join(tmpdir(), 'ridl-docs-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('names what lacks one, and reads enum and error comments (which webrpc drops) without the #! notes', () => {
    writeFileSync(
      join(dir, 'errors.ridl'),
      'webrpc = v1\n\nname = errors\nversion = v0.0.1\n\n# Documented.\nerror 1000 Documented "documented" HTTP 401\nerror 1001 Bare "bare" HTTP 403\n',
    )
    writeFileSync(
      join(dir, 'root.ridl'),
      `webrpc = v1

name = root
version = v0.0.1

import
  - errors.ridl

# A kind.
#! A maintainer note.
enum Kind: uint8
  - a

enum BareKind: uint8
  - b

# A thing.
struct Thing
  # Documented.
  - documented: string
  - bare: string

service Things
  # Gets a thing.
  # @param id Its id.
  # @param other Not an argument.
  - Get(id: string) => (thing: Thing)
`,
    )
    const ir = JSON.parse(
      withEnumAndErrorComments(webrpcGenSync('root.ridl', 'json', dir), 'root.ridl', dir),
    ) as WebrpcIR
    expect(undocumented(ir)).toEqual([
      'enum BareKind',
      'field Thing.bare',
      'error Bare',
      'service Things',
      '@param other of Things.Get names no argument',
      '@returns Things.Get(thing)',
    ])
    expect(ir.types.find((type) => type.name === 'Kind')!.comments).toEqual(['A kind.'])
    expect(ir.errors.find((error) => error.name === 'Documented')!.comments).toEqual(['Documented.'])
  })
})
