/** Every `$ref` string in a JSON value, depth first, duplicates kept. */
export function refsIn(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) refsIn(item, found)
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string') found.push(child)
      else refsIn(child, found)
    }
  }
  return found
}
