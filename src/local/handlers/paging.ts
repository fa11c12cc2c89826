import { Problem } from '../../problem.js'
import type { Page } from '../../../gen/marketplace.gen.js'
import type { Sql } from '../../store/sql.js'

export const maxPageSize = 100
export const defaultPageSize = 10

export interface PageWindow {
  page: number
  pageSize: number
  offset: number
}

/** Pages count from 1; pageSize is 1..100 (10 when absent). */
export function pageWindow(page: Page | undefined): PageWindow {
  const number = page?.page ?? 1
  const size = page?.pageSize ?? defaultPageSize
  if (!Number.isInteger(number) || number < 1)
    throw new Problem('invalid-argument', `page.page must be an integer from 1, got ${number}`)
  if (!Number.isInteger(size) || size < 1 || size > maxPageSize) {
    throw new Problem('invalid-argument', `page.pageSize must be an integer from 1 to ${maxPageSize}, got ${size}`)
  }
  return { page: number, pageSize: size, offset: (number - 1) * size }
}

/** A paged select: `select <columns> <from> order by <orderBy>`, with `params` for the placeholders in `from`. */
export interface PagedQuery {
  columns: string
  from: string
  orderBy: string
  params: unknown[]
}

/** One page of rows and the page as SPEC answers it (page, pageSize, more, totalRecords); every paged operation reads through here. */
export async function selectPage<Row>(
  sql: Sql,
  query: PagedQuery,
  requested: Page | undefined,
): Promise<{ rows: Row[]; page: Page }> {
  const window = pageWindow(requested)
  const total = await sql.query<{ count: string }>(`select count(*) as count ${query.from}`, query.params)
  const { rows } = await sql.query<Row>(
    `select ${query.columns} ${query.from} order by ${query.orderBy} limit ${window.pageSize} offset ${window.offset}`,
    query.params,
  )
  const totalRecords = Number(total.rows[0]!.count)
  return {
    rows,
    page: {
      page: window.page,
      pageSize: window.pageSize,
      more: window.offset + rows.length < totalRecords,
      totalRecords,
    },
  }
}
