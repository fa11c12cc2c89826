import { expect, it } from 'vitest'
import type { Catalog } from '../../src/reference/catalog/catalog.js'
import { memoizedCatalog } from '../../src/reference/catalog/memoized.js'

/** A catalog whose countTokens answers the collection id times ten, counting the reads it is asked for. */
function countingCatalog(failing = new Set<number>()) {
  const reads: number[] = []
  const catalog = {
    async countTokens(id: number) {
      reads.push(id)
      if (failing.has(id)) throw new Error(`collection ${id} unreadable`)
      return id * 10
    },
  } as Catalog
  return { catalog, reads }
}

it('answers each distinct read once from the wrapped catalog, reads of one key at once sharing it', async () => {
  const { catalog, reads } = countingCatalog()
  const memoized = memoizedCatalog(catalog)
  expect(await Promise.all([memoized.countTokens(1), memoized.countTokens(1), memoized.countTokens(2)])).toEqual([
    10, 10, 20,
  ])
  expect(await memoized.countTokens(1)).toBe(10)
  expect(reads).toEqual([1, 2])
})

it('keeps at most maxEntries answers, dropping the least recently read', async () => {
  const { catalog, reads } = countingCatalog()
  const memoized = memoizedCatalog(catalog, 2)
  await memoized.countTokens(1)
  await memoized.countTokens(2)
  await memoized.countTokens(1)
  await memoized.countTokens(3) // drops 2, read longest ago
  await memoized.countTokens(1)
  await memoized.countTokens(2)
  expect(reads).toEqual([1, 2, 3, 2])
})

it('does not keep a failed read: the next read asks again', async () => {
  const failing = new Set([4])
  const { catalog, reads } = countingCatalog(failing)
  const memoized = memoizedCatalog(catalog)
  await expect(memoized.countTokens(4)).rejects.toThrow('collection 4 unreadable')
  failing.clear()
  expect(await memoized.countTokens(4)).toBe(40)
  expect(reads).toEqual([4, 4])
})
