import { Problem } from '../../values/problem.js'
import type { Page } from '../../../gen/marketplace.gen.js'

export const MAX_PAGE_SIZE = 100
export const DEFAULT_PAGE_SIZE = 10

export interface PageWindow {
  page: number
  pageSize: number
  offset: number
}

/** Pages count from 1; pageSize is 1..100 (10 when absent). */
export function pageWindow(page: Page | undefined): PageWindow {
  const number = page?.page ?? 1
  const size = page?.pageSize ?? DEFAULT_PAGE_SIZE
  if (!Number.isInteger(number) || number < 1)
    throw new Problem('invalid-argument', `page.page must be an integer from 1, got ${number}`)
  if (!Number.isInteger(size) || size < 1 || size > MAX_PAGE_SIZE) {
    throw new Problem('invalid-argument', `page.pageSize must be an integer from 1 to ${MAX_PAGE_SIZE}, got ${size}`)
  }
  return { page: number, pageSize: size, offset: (number - 1) * size }
}

/** One page of `rows` (already in order) and the page as docs/resources.md's Page answers it (page, pageSize, more, totalRecords); every paged operation reads through here. */
export function selectPage<Row>(rows: readonly Row[], requested: Page | undefined): { rows: Row[]; page: Page } {
  const window = pageWindow(requested)
  const selected = rows.slice(window.offset, window.offset + window.pageSize)
  return {
    rows: selected,
    page: {
      page: window.page,
      pageSize: window.pageSize,
      more: window.offset + selected.length < rows.length,
      totalRecords: rows.length,
    },
  }
}
