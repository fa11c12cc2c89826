/**
 * A JSON pointer into `value` (a ValidationIssue's path, e.g. `/input/0/contractAddress`) as Standard Schema's
 * path: property keys and array indexes. A segment is an index (a number) where the value walked so far is an
 * array, so an object's key `"0"` stays a string.
 */
export function pointerToPath(pointer: string, value: unknown): PropertyKey[] {
  if (pointer === '') return []
  const path: PropertyKey[] = []
  let current = value
  for (const token of pointer.slice(1).split('/')) {
    const key = token.replaceAll('~1', '/').replaceAll('~0', '~')
    const segment = Array.isArray(current) && /^(0|[1-9][0-9]*)$/.test(key) ? Number(key) : key
    path.push(segment)
    current = isIndexable(current) ? (current as Record<PropertyKey, unknown>)[segment] : undefined
  }
  return path
}

const isIndexable = (value: unknown): value is object => typeof value === 'object' && value !== null
