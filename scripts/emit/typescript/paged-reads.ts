import { isSafe, type IRArgument, type IRMethod } from '../../pipeline/ir.js'

const pageArgument = (argument: IRArgument) => argument.name === 'page' && argument.type === 'Page'

/**
 * A read that pages as docs/resources.md's Page describes: `page?: Page` in and `page: Page` out. Its
 * query options (src/query) include infinite-query options that follow `page.more` from page to page.
 */
export const isPagedRead = (method: IRMethod): boolean =>
  isSafe(method) &&
  method.inputs.some((input) => pageArgument(input) && input.optional) &&
  method.outputs.some((output) => pageArgument(output) && !output.optional)
