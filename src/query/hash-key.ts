const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype

/**
 * The cache hash of a query key: JSON with object keys sorted (so `{ a, b }` and `{ b, a }` are one
 * entry, as TanStack's own hash does), and bigints written as `{ $bigint: "<digits>" }`, which
 * TanStack's JSON.stringify-based default throws on.
 */
export const hashQueryKey = (queryKey: readonly unknown[]): string =>
  JSON.stringify(queryKey, (_, value: unknown) => {
    if (typeof value === 'bigint') return { $bigint: value.toString() }
    if (!isPlainObject(value)) return value
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, value[key]]),
    )
  })
