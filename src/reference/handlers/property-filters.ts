import type { PropertyFilter } from '../../../gen/metadata.gen.js'

type Attribute = { trait_type?: unknown; value?: unknown }

/**
 * Property filters of a collection from its tokens' attributes: a property whose values are all numbers
 * is INT with min and max (values: the distinct numbers, ascending); any other is STRING with its
 * distinct values sorted and min/max null (docs/resources.md).
 */
export function propertyFilters(attributeLists: Attribute[][]): PropertyFilter[] {
  const byName = new Map<string, unknown[]>()
  for (const attributes of attributeLists) {
    for (const { trait_type: name, value } of attributes) {
      if (typeof name !== 'string' || value === undefined || value === null) continue
      const values = byName.get(name) ?? []
      values.push(value)
      byName.set(name, values)
    }
  }
  return [...byName.keys()].sort().map((name) => {
    const values = byName.get(name)!
    if (values.every((v) => typeof v === 'number' && Number.isFinite(v))) {
      const numbers = [...new Set(values as number[])].sort((a, b) => a - b)
      return {
        name,
        type: 'INT' as PropertyFilter['type'],
        min: numbers[0]!,
        max: numbers[numbers.length - 1]!,
        values: numbers.map(String),
      }
    }
    const strings = [...new Set(values.map(String))].sort()
    return {
      name,
      type: 'STRING' as PropertyFilter['type'],
      min: null,
      max: null,
      values: strings,
    }
  })
}
