import { expect, it } from 'vitest'
import { fixtureTypesText, loadFixturesSchema } from '../../../scripts/emit/fixture-types.js'
import { addressPattern } from '../../../src/runtime/formats.js'

const schema = loadFixturesSchema()
const withDefs = (defs: Record<string, unknown>) => ({ ...schema, $defs: { ...(schema.$defs as object), ...defs } })

it('writes the root as Fixtures and each object of $defs as Fixture<Name>, required members without ?', () => {
  const text = fixtureTypesText(schema)
  expect(text).toContain('export interface Fixtures {')
  expect(text).toMatch(/export interface FixtureOrder \{[^}]*\n {2}orderId: string\n/)
  expect(text).toMatch(/export interface FixtureOrder \{[^]*\n {2}quantityRemaining\?: string\n/)
  expect(text).not.toContain('FixtureAddress')
})

it('follows a change of the schema: a new required member appears in the type', () => {
  const project = (schema.$defs as Record<string, { properties: object; required: string[] }>).project!
  const changed = withDefs({
    project: {
      ...project,
      properties: { ...project.properties, region: { enum: ['eu', 'us'] } },
      required: [...project.required, 'region'],
    },
  })
  expect(fixtureTypesText(changed)).toMatch(/export interface FixtureProject \{[^}]*\n {2}region: "eu" \| "us"\n/)
})

it.each([
  [
    'an address pattern other than the wire format',
    withDefs({ address: { type: 'string', pattern: '^0x.*$' } }),
    addressPattern,
  ],
  ['a keyword with no TypeScript form', withDefs({ project: { type: 'object', oneOf: [] } }), 'keywords oneOf'],
  [
    'a $ref to nothing',
    withDefs({ asset: { type: 'object', properties: { x: { $ref: '#/$defs/nothing' } } } }),
    'cannot resolve',
  ],
])('refuses %s', (_, changed, message) => {
  expect(() => fixtureTypesText(changed)).toThrow(message)
})
